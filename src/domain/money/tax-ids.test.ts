import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isBankAccountNumber, isGstin, isIfsc, isIndividualOrHufPan, isPan, isUpiId, lastFour, normaliseId } from './tax-ids';

describe('tax and bank identifiers', () => {
  it('accepts a GSTIN whose check character is right, and nothing else', () => {
    for (const good of ['27AAPFU0939F1ZV', '24AAACC1206D1ZM', '29AAGCB7383J1Z4']) expect(isGstin(good), good).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isGstin('27AAPFU0939F1ZW')).toBe(false); // one character off
    expect(isGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isGstin('27aapfu0939f1zv')).toBe(false); // normalise first
    expect(isGstin(normaliseId(' 27aapfu0939f1zv '))).toBe(true);
    expect(isGstin('99AAPFU0939F1ZV')).toBe(false); // no state 99
  });
  it('checks a PAN, an IFSC, an account number and a UPI ID for shape', () => {
    expect(isPan('ABCPK1234Q')).toBe(true);
    expect(isPan('ABCXK1234Q')).toBe(false); // X holds no PAN
    expect(isIfsc('HDFC0001234')).toBe(true);
    expect(isIfsc('HDFC1001234')).toBe(false);
    expect(isBankAccountNumber('123456789012')).toBe(true);
    expect(isBankAccountNumber('12345678')).toBe(false);
    expect(isUpiId('asha.patel@okhdfcbank')).toBe(true);
    expect(isUpiId('asha patel@ok')).toBe(false);
    expect(isUpiId('@okaxis')).toBe(false);
    expect(lastFour('123456789012')).toBe('9012');
  });
  it('tells an individual\'s or a HUF\'s PAN (fourth character P or H) from any other holder\'s', () => {
    expect(isIndividualOrHufPan('ABCPK1234Q')).toBe(true);
    expect(isIndividualOrHufPan('ABCHK1234Q')).toBe(true);
    for (const other of ['AAACC1206D', 'AAPFU0939F', 'ABCTK1234Q', 'ABCAK1234Q']) expect(isIndividualOrHufPan(other), other).toBe(false);
  });
});
