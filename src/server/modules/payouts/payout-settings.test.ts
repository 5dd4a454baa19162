import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/auth';
import { rawRows } from '../../test/rows';
import { PaymentProviderError } from '../../payments/razorpay';
import { usePayoutApp } from './test-support';

// A host's tax status and payout account (issue 22), through the real app in test mode.

describe('host payouts: tax profile and payout account', () => {
  const { t, call, PHONE } = usePayoutApp();

  it('checks a tax profile: PAN, and a GSTIN with its check character and its holder\'s PAN', async () => {
    const host = await signIn(t, 'po-tax@example.com');
    expect((await call('GET', '/api/host/tax-profile', host)).json()).toEqual({ gst_registered: false, gstin: null, pan: null });
    const refusals: [object, string, string][] = [
      [{ gst_registered: false, pan: 'ABCXK1234Q' }, 'pan', 'Enter a valid PAN, like ABCPK1234Q'],
      [{ gst_registered: true, pan: 'AAPFU0939F' }, 'gstin', 'Enter your GSTIN, or say you are not registered for GST'],
      [{ gst_registered: true, gstin: '27AAPFU0939F1ZW', pan: 'AAPFU0939F' }, 'gstin', 'Enter a valid 15-character GSTIN'],
      [{ gst_registered: true, gstin: '24AAACC1206D1ZM', pan: 'AAPFU0939F' }, 'gstin', "This GSTIN belongs to another PAN: a GSTIN contains its holder's PAN"],
    ];
    for (const [body, field, message] of refusals) {
      const res = await call('PUT', '/api/host/tax-profile', host, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field] ?? res.json().error.message).toBe(message);
    }
    const saved = await call('PUT', '/api/host/tax-profile', host, { gst_registered: true, gstin: ' 27aapfu0939f1zv ', pan: 'aapfu0939f' });
    expect(saved.json()).toEqual({ gst_registered: true, gstin: '27AAPFU0939F1ZV', pan: 'AAPFU••••F' });
    expect((await call('GET', '/api/host/tax-profile', await signIn(t, 'po-other@example.com'))).json().gstin).toBeNull();
    expect((await call('GET', '/api/host/tax-profile')).statusCode).toBe(401);
  });

  it('keeps a payout account to itself: only its last four characters come back', async () => {
    const host = await signIn(t, 'po-account@example.com');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', phone: PHONE, account_number: '1234 5678 9012', ifsc: 'HDFC1001234' })).json().error.fields.ifsc).toBe('Enter a valid IFSC, like HDFC0001234');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', phone: PHONE, upi_id: 'not an id' })).json().error.fields.upi_id).toBe('Enter a valid UPI ID, like name@okhdfcbank');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', phone: '12345', upi_id: 'asha@okaxis' })).json().error.fields.phone).toBe('Enter a valid Indian mobile number');
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Asha Patel', upi_id: 'asha@okaxis' })).json().error.fields.phone).toBe('Enter a valid Indian mobile number');
    // Saved, and set up at the provider (a Route linked account) before the answer.
    const saved = await call('PUT', '/api/host/payout-account', host, { kind: 'bank', holder_name: 'Asha Patel', phone: '98765 43210', account_number: '1234 5678 9012', ifsc: 'hdfc0001234' });
    expect(saved.json()).toEqual({ kind: 'bank', holder_name: 'Asha Patel', last4: '9012', status: 'linked', problem: null });
    const [linked] = await rawRows<{ linked_account_id: string; phone: string }>(t.database.db, sql`select a.linked_account_id, a.phone from payout_accounts a join users u on u.id = a.user_id where u.email = 'po-account@example.com'`);
    expect(linked).toEqual({ linked_account_id: expect.stringMatching(/^acc_\w{14}$/), phone: PHONE });
    const [atProvider] = await rawRows<{ settlement: string; email: string }>(t.database.db, sql`select settlement, email from test_gateway_linked_accounts where id = ${linked!.linked_account_id}`);
    expect(atProvider!.email).toBe('po-account@example.com');
    expect(JSON.parse(atProvider!.settlement)).toMatchObject({ method: 'bank_account', bank_account: { account_number: '123456789012', code: 'HDFC0001234', beneficiary_name: 'Asha Patel' } });
    // The host is told of every change, should someone with their session send payouts elsewhere.
    await t.deliverMail();
    const told = t.mail.filter((m) => m.to === 'po-account@example.com' && m.subject === '[Test mode] Your payout account was changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^Test mode: no real money moves\.\n\n[^]*paid to your bank account ending 9012\. If you did not make this change/);
    expect(told[0]!.text).not.toContain('123456789012');
    for (const url of ['/api/host/payout-account', '/api/host/payouts']) expect((await call('GET', url, host)).body).not.toContain('123456789012');
    expect((await call('GET', '/api/host/payout-account', await signIn(t, 'po-other2@example.com'))).json()).toBeNull();

    // Details the provider refuses are saved, and its reason is shown; a new save starts again.
    const { gateway } = await t.app.payments.account();
    const refusing = { ...gateway, createLinkedAccount: async () => Promise.reject(new PaymentProviderError('create linked account: 400 BAD_REQUEST_ERROR', 400, 'BAD_REQUEST_ERROR', false, 'The VPA provided does not exist or is inactive.')) };
    const spy = vi.spyOn(t.app.payments, 'account').mockResolvedValueOnce({ ...(await t.app.payments.account()), gateway: refusing });
    const refused = await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Ram Kumar', phone: PHONE, upi_id: 'ram@okaxis' });
    spy.mockRestore();
    expect(refused.json()).toEqual({ kind: 'upi', holder_name: 'Ram Kumar', last4: 'axis', status: 'failed', problem: 'The VPA provided does not exist or is inactive.' });
    expect((await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Ram Kumar', phone: PHONE, upi_id: 'ram@okaxis' })).json()).toMatchObject({ status: 'linked', problem: null });
  });

  it("refuses, before saving, a holder name Route would refuse, in Route's words: 4 to 120 characters, with letters", async () => {
    const host = await signIn(t, 'po-names@example.com');
    const account = (holder_name: string) => ({ kind: 'upi', holder_name, phone: PHONE, upi_id: 'asha@okaxis' });
    expect((await call('PUT', '/api/host/payout-account', host, account('Asha Patel'))).json()).toMatchObject({ status: 'linked' });
    const refusals: [string, string][] = [
      ['Ram', 'The name on the account must be at least 4 characters.'],
      [' R  m ', 'The name on the account must be at least 4 characters.'],
      ['A'.repeat(121), 'The name on the account may not be greater than 120 characters.'],
      ['1234 5678', 'The name on the account must contain letters.'],
      ['   ', 'Enter the name on the account'],
    ];
    for (const [name, message] of refusals) {
      const res = await call('PUT', '/api/host/payout-account', host, account(name));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields.holder_name, name).toBe(message);
    }
    // Refused before anything was saved or sent: the account as it was, and one e-mail, for the first save.
    expect((await call('GET', '/api/host/payout-account', host)).json()).toMatchObject({ holder_name: 'Asha Patel', status: 'linked' });
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === 'po-names@example.com' && m.subject === '[Test mode] Your payout account was changed')).toHaveLength(1);
    // The provider (the test gateway, by the same rules) refuses the same name with the same words.
    const { gateway } = await t.app.payments.account();
    const atProvider = await gateway.createLinkedAccount({ referenceId: 'po-names', email: 'po-names@example.com', phone: PHONE, name: 'Ram', pan: null, settlement: { kind: 'upi', vpa: 'ram@okaxis' } }).catch((e: unknown) => e);
    expect(atProvider).toMatchObject({ status: 400, description: 'The legal business name must be at least 4 characters.' });
    // At the limits, taken: spaces trimmed and made single.
    expect((await call('PUT', '/api/host/payout-account', host, account('  Ram   K '))).json()).toMatchObject({ holder_name: 'Ram K', status: 'linked' });
    expect((await call('PUT', '/api/host/payout-account', host, account('A'.repeat(120)))).json()).toMatchObject({ status: 'linked' });
  });
});
