// Indian tax and bank identifiers a host gives (PRODUCT.md section 7): checked for shape, and the
// GSTIN for its check character too. Pure and shared: the form says what is wrong before sending,
// and the server refuses the same.

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** PAN: five letters, four digits, a letter; the fourth letter says who holds it (P a person, C a company…). */
export const PAN_PATTERN = /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/;

/** GSTIN: state code, the holder's PAN, an entity number, Z, a check character. */
const GSTIN_PATTERN = /^[0-3][0-9][A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's 15th character, computed from the first 14 (the GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const normaliseId = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

export const isPan = (value: string) => PAN_PATTERN.test(value);

/** A PAN held by an individual (fourth character P) or a Hindu undivided family (H). */
export const isIndividualOrHufPan = (pan: string) => pan[3] === 'P' || pan[3] === 'H';

/** IFSC: four letters (the bank), 0, six letters or digits (the branch). */
export const isIfsc = (value: string) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);

/** A bank account number: 9 to 18 digits. */
export const isBankAccountNumber = (value: string) => /^[0-9]{9,18}$/.test(value);

/** A UPI ID (VPA): a name, @, the handle of the app or bank. */
export const isUpiId = (value: string) => /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(value);

/** The last four characters, all that is ever shown again of an account. */
export const lastFour = (value: string) => value.slice(-4);
