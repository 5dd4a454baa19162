import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleStay } from '../../../domain/money/settlement';
import { checkLedger } from '../payments/ledger-check';
import { signIn } from '../../test/auth';
import { rawRows } from '../../test/rows';
import { inDays } from '../bookings/test-support';
import { releaseDuePayouts } from '../payments/payouts';
import { sendDueRefunds } from '../payments/refunds';
import { createDueTransfers } from '../payments/transfers';
import { PaymentProviderError } from '../../payments/razorpay';
import { formatPaise, toPaise } from '../../../domain/money/units';
import { setOperator } from '../ops';
import { payOrder } from '../../payments/test-gateway/gateway';
import { SELF_ACTION } from '../../../domain/operator-actions';
import { usePayoutApp } from './test-support';

// A host's payouts when the provider fails or the app crashes mid-way (issue 22): each paid
// once, taken back before a refund, or put in the operators' queue; through the real app in
// test mode.

describe('host payouts', () => {
  const { t, call, deps, transfersOf, PHONE, paidStay, payout, arrived, hostPayable, stayCount } = usePayoutApp();

  /** A paid stay whose host's payout account is linked before the guest pays; its payout's id. */
  async function linkedStay(from: number, policy?: 'strict') {
    const stay = await paidStay({ from, policy, beforePaying: async (host) => void (await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Linked Host', phone: PHONE, upi_id: `linked${stayCount()}@okaxis` })) });
    const [row] = await rawRows<{ id: string; linked_account_id: string; provider_payment_id: string }>(t.database.db, sql`
      select p.id, a.linked_account_id, pay.provider_payment_id from payouts p join payout_accounts a on a.user_id = p.host_id
        join payments pay on pay.booking_id = p.booking_id and pay.status = 'captured'
      where p.booking_id = ${stay.booking.id}
    `);
    return { ...stay, payoutId: row!.id, linkedAccountId: row!.linked_account_id, providerPaymentId: row!.provider_payment_id };
  }
  /** What a transfer job that died after the provider made the transfer, and before writing it, leaves. */
  async function transferMadeThenCrashed(s: Awaited<ReturnType<typeof linkedStay>>) {
    await rawRows(t.database.db, sql`update payouts set transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    const { gateway } = await t.app.payments.account();
    const amount = (await payout(s.booking.id)).amount_paise;
    return gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: amount, onHoldUntil: null, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
  }

  it('finds a transfer made before a crash instead of making another, once the lease is over', async () => {
    const s = await linkedStay(6);
    const made = await transferMadeThenCrashed(s);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 0, transferErrors: 0 }); // leased still
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect((await transfersOf(s.booking.id)).map((x) => x.id)).toEqual([made.id]);
  });

  it('takes back a transfer made before a crash from a stay cancelled since, before refunding the guest', async () => {
    const s = await linkedStay(8);
    const made = await transferMadeThenCrashed(s);
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    expect(await payout(s.booking.id)).toMatchObject({ amount_paise: 0, status: 'reversed' });
    // The crashed run's lease is over (while it lasts, the refund waits: the next test).
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await transfersOf(s.booking.id)).toEqual([expect.objectContaining({ id: made.id, amount_reversed: made.amount })]);
  });

  it("waits to refund a stay whose payout's transfer is being made, then takes all of it back first", async () => {
    const s = await linkedStay(9);
    // A transfer job has taken the payout and is asking the provider (its lease is live).
    await rawRows(t.database.db, sql`update payouts set transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const refundOf = async () => (await rawRows<{ status: string }>(t.database.db, sql`select status from refunds where booking_id = ${s.booking.id}`))[0]!.status;
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 1 });
    expect(await refundOf()).toBe('queued');
    // The job's transfer, made for what was owed before the cancellation, and written.
    const { gateway } = await t.app.payments.account();
    const made = await gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: 100_000, onHoldUntil: null, notes: { payout_id: s.payoutId } });
    await rawRows(t.database.db, sql`update payouts set transfer_id = ${made.id}, transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    // A second back: the refunds job compares with its own clock, in milliseconds, and now() has microseconds.
    await rawRows(t.database.db, sql`update refunds set next_attempt_at = now() - interval '1 second' where booking_id = ${s.booking.id}`);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await refundOf()).not.toBe('queued');
    expect(await transfersOf(s.booking.id)).toEqual([expect.objectContaining({ id: made.id, amount_reversed: 100_000 })]);
  });

  it('refunds the guest even when the provider refuses to take the transfer back, and says so for an operator', async () => {
    const s = await linkedStay(11);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const refusing = { ...gateway, reverseTransfer: async () => Promise.reject(new PaymentProviderError('reverse transfer: 400 BAD_REQUEST_ERROR', 400, 'BAD_REQUEST_ERROR', false)) };
    const errors: string[] = [];
    const log = { ...t.app.log, error: (_o: object, message: string) => void errors.push(message) } as typeof t.app.log;
    const withRefusal = { ...deps(), log, payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: refusing }) } };
    expect(await sendDueRefunds(withRefusal)).toMatchObject({ refundErrors: 0 });
    expect((await rawRows<{ status: string }>(t.database.db, sql`select status from refunds where booking_id = ${s.booking.id}`))[0]!.status).not.toBe('queued');
    expect(errors).toContain('payments: a transfer could not be taken back; an operator must look');
  });

  it('keeps a payout held when the provider cannot release it, and releases it once, on a later run', async () => {
    const s = await linkedStay(3);
    await arrived(s.booking.id);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    const { gateway } = await t.app.payments.account();
    const down = { ...gateway, releaseTransfer: async () => Promise.reject(new PaymentProviderError('release transfer: 502 SERVER_ERROR', 502, 'SERVER_ERROR', true)) };
    const failing = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: down }) } };
    const later = new Date((await payout(s.booking.id)).release_at);
    expect(await releaseDuePayouts(failing, later)).toEqual({ paidOut: 0, payoutErrors: 1 });
    expect(await payout(s.booking.id)).toMatchObject({ status: 'held' });
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 0, payoutErrors: 0 }); // waits its retry
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect(await releaseDuePayouts(deps(), later)).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid' });
  });

  // Decision 039: a stay refunded in part before its host had a payout account. Route refuses a
  // transfer from a payment refunded in part, so the host's share is paid by a direct transfer from
  // the balance once due, found by its notes after a crash, and an operator is asked when the
  // provider will not pay it.

  /** A strict stay 10 days ahead, paid, cancelled by its guest (half back) and refunded, before its host adds an account. */
  async function refundedBeforeAccount() {
    // A direct transfer is paid from the gateway's balance: what the tests above left in it (one
    // kept a host's transfer and refunded its guest all the same) is made up for first.
    const { gateway } = await t.app.payments.account();
    const order = await gateway.createOrder({ amountPaise: 1_000_000, receipt: `top-up-${stayCount()}`, notes: {} });
    await payOrder(t.database.db, order.id, { method: 'upi', outcome: 'success' });
    const stay = await paidStay({ from: 10, policy: 'strict' });
    expect((await call('POST', `/api/bookings/${stay.booking.id}/cancel`, stay.guest)).statusCode).toBe(200);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    const cost = { subtotal_paise: toPaise(stay.booking.price_subtotal_inr), taxes_paise: toPaise(stay.booking.taxes_inr), platform_fee_paise: toPaise(stay.booking.platform_fee_inr) };
    const before = settleStay(cost, { gstin: null, pan: null }, inDays(0));
    const after = settleStay(cost, { gstin: null, pan: null }, inDays(0), 50);
    expect(await call('PUT', '/api/host/payout-account', stay.host, { kind: 'upi', holder_name: 'Late Host', phone: PHONE, upi_id: `late${stayCount()}@okaxis` })).toMatchObject({ statusCode: 200 });
    const [row] = await rawRows<{ id: string; release_at: Date; provider_payment_id: string; linked_account_id: string }>(t.database.db, sql`
      select p.id, p.release_at, pay.provider_payment_id, a.linked_account_id from payouts p join payout_accounts a on a.user_id = p.host_id
        join payments pay on pay.booking_id = p.booking_id and pay.status = 'captured'
      where p.booking_id = ${stay.booking.id}
    `);
    return { ...stay, before, after, payoutId: row!.id, release: new Date(row!.release_at), providerPaymentId: row!.provider_payment_id, linkedAccountId: row!.linked_account_id };
  }
  const directTransfersOf = async (payoutId: string) =>
    (await (await t.app.payments.account()).gateway.fetchTransfers({ from: new Date(Date.now() - 3_600_000), count: 100, skip: 0 })).filter((x) => x.notes.payout_id === payoutId);
  const payoutMovements = async (bookingId: string) =>
    (await rawRows<{ n: number }>(t.database.db, sql`select count(distinct movement)::int as n from ledger_entries where booking_id = ${bookingId} and payment_id is null`))[0]!.n;

  it('pays a stay refunded in part before its host had an account: what the refund left, once, by a direct transfer when due', async () => {
    const s = await refundedBeforeAccount();
    expect(s.after.host_payable_paise).toBeGreaterThan(0);
    expect(s.after.host_payable_paise).toBeLessThan(s.before.host_payable_paise);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'held', amount_paise: s.after.host_payable_paise });
    // Why: Route will not transfer from this payment any more.
    const { gateway } = await t.app.payments.account();
    expect(await gateway.transfer(s.providerPaymentId, { account: s.linkedAccountId, amountPaise: 100, onHoldUntil: null, notes: {} }).catch((e: unknown) => e)).toMatchObject({ status: 400, description: 'Transfer cannot be initiated on a refunded payment' });

    // Not before it is due: a direct transfer cannot be held.
    expect(await createDueTransfers(deps(), new Date(s.release.getTime() - 1))).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, amount_paise: s.after.host_payable_paise, waiting_for_account: false, delayed: false })]);
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    // This one and any of the stays above due by then (transferred there, never released).
    expect((await releaseDuePayouts(deps(), s.release)).payoutErrors).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 });
      expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 0, payoutErrors: 0 });
    }

    const [direct, ...more] = await directTransfersOf(s.payoutId);
    expect(more).toEqual([]);
    expect(direct).toMatchObject({ source: 'acc_pawstaytest', recipient: s.linkedAccountId, amount: s.after.host_payable_paise, amount_reversed: 0, on_hold: false, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
    expect(await transfersOf(s.booking.id)).toEqual([]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', amount_paise: s.after.host_payable_paise, reference: direct!.id });
    expect(await hostPayable(s.booking.id)).toBe(0);
    expect(await payoutMovements(s.booking.id)).toBe(1);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout sent'))).toEqual([expect.objectContaining({ subject: `[Test mode] Payout sent: ${formatPaise(s.after.host_payable_paise)}` })]);
    expect((await call('GET', '/api/host/payouts', s.host)).json()).toMatchObject({ upcoming: [], paid: [expect.objectContaining({ booking_id: s.booking.id, amount_paise: s.after.host_payable_paise, reference: direct!.id })] });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('finds a direct transfer made before a crash instead of paying the host twice', async () => {
    const s = await refundedBeforeAccount();
    // A run took the payout, asked the provider, and died before writing what it made.
    await rawRows(t.database.db, sql`update payouts set direct_since = now(), transfer_attempts = 1, transfer_next_attempt_at = now() + interval '2 minutes' where id = ${s.payoutId}`);
    const { gateway } = await t.app.payments.account();
    const made = await gateway.directTransfer({ account: s.linkedAccountId, amountPaise: s.after.host_payable_paise, notes: { payout_id: s.payoutId, booking_id: s.booking.id } });
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 }); // leased still
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.id)).toEqual([made.id]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', reference: made.id });
    expect(await payoutMovements(s.booking.id)).toBe(1);
  });

  it('pays directly a payout whose payment was refunded while its transfer was being asked for', async () => {
    const s = await linkedStay(14, 'strict');
    // The guest cancels a strict stay 14 days ahead; the refund job takes the refund while the
    // transfer job, which read it as not yet sent, asks for a transfer from the payment.
    expect((await call('POST', `/api/bookings/${s.booking.id}/cancel`, s.guest)).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const racing = {
      ...gateway,
      transfer: async (...args: Parameters<typeof gateway.transfer>) => {
        await rawRows(t.database.db, sql`update refunds set attempts = attempts + 1 where booking_id = ${s.booking.id}`);
        await gateway.refund(s.providerPaymentId, { amountPaise: 100, receipt: 'race', notes: {} });
        return gateway.transfer(...args);
      },
    };
    const raced = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: racing }) } };
    expect(await createDueTransfers(raced)).toEqual({ transfers: 0, transferErrors: 1 });
    // Not an operator's: tried again as a direct transfer once due.
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, delayed: false })]);
    const release = new Date((await payout(s.booking.id)).release_at);
    await rawRows(t.database.db, sql`update payouts set transfer_next_attempt_at = now() where id = ${s.payoutId}`);
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.amount)).toEqual([(await payout(s.booking.id)).amount_paise]);
  });

  it("puts a payout the provider will not pay in the operators' queue, tells its host once, and pays it once an operator retries", async () => {
    const s = await refundedBeforeAccount();
    const { gateway } = await t.app.payments.account();
    const short = { ...gateway, directTransfer: async () => Promise.reject(new PaymentProviderError('direct transfer: 400 BAD_REQUEST_ERROR Transfer failed due to insufficient balance', 400, 'BAD_REQUEST_ERROR', false, 'Transfer failed due to insufficient balance')) };
    const errors: string[] = [];
    const log = { ...t.app.log, error: (_o: object, message: string) => void errors.push(message) } as typeof t.app.log;
    const refusing = { ...deps(), log, payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: short }) } };
    expect(await createDueTransfers(refusing, s.release)).toEqual({ transfers: 0, transferErrors: 1 });
    expect(errors).toEqual(["payments: the provider will not pay a payout; it waits in the operators' queue"]);
    // It waits for a person: no run takes it, refused or not, and the host is told once.
    for (const d of [refusing, deps()]) expect(await createDueTransfers(d, s.release)).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.booking.id, delayed: true })]);
    await t.deliverMail();
    const delayed = t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout delayed'));
    expect(delayed).toHaveLength(1);
    expect(delayed[0]!.text).toContain(`Your payout of ${formatPaise(s.after.host_payable_paise)} for Sunny flat with a garden in Bodakdev`);
    expect(delayed[0]!.text).not.toContain('insufficient balance');

    // The queue: operators only, with the provider's answer; anyone else is told no such route.
    const opsEmail = `po-ops${stayCount()}@example.com`;
    const ops = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    for (const who of [s.host, s.guest, undefined]) expect((await call('GET', '/api/ops/payouts', who)).statusCode).toBe(404);
    const queue = (await call('GET', '/api/ops/payouts', ops)).json().results;
    expect(queue).toContainEqual(
      expect.objectContaining({ id: s.payoutId, booking_id: s.booking.id, host: expect.objectContaining({ email: s.hostEmail }), amount_paise: s.after.host_payable_paise, direct: true, problem: expect.stringContaining('Transfer failed due to insufficient balance') }),
    );
    // One action, with a reason for the record; never on one's own payout; once.
    const retry = (who: string | undefined, reason = 'Balance topped up from the current account') => call('POST', `/api/ops/payouts/${s.payoutId}/retry`, who, { reason });
    expect((await retry(s.host)).statusCode).toBe(404);
    expect((await retry(ops, 'short')).statusCode).toBe(400);
    await setOperator(t.database.db, s.hostEmail, true);
    expect((await retry(s.host)).json()).toMatchObject({ error: { message: SELF_ACTION } });
    await setOperator(t.database.db, s.hostEmail, false);
    expect((await retry(ops)).json()).toEqual({ id: s.payoutId, retried: true });
    expect((await retry(ops)).statusCode).toBe(404);
    expect((await call('GET', `/api/ops/history?target_type=payout&target_id=${s.payoutId}`, ops)).json().results).toEqual([
      expect.objectContaining({ action: 'retry_payout', operator: opsEmail, reason: 'Balance topped up from the current account' }),
    ]);
    expect((await call('GET', '/api/ops/payouts', ops)).json().results.map((r: { id: string }) => r.id)).not.toContain(s.payoutId);

    // The next run pays it, once.
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), s.release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect(await createDueTransfers(deps(), s.release)).toEqual({ transfers: 0, transferErrors: 0 });
    expect((await directTransfersOf(s.payoutId)).map((x) => x.amount)).toEqual([s.after.host_payable_paise]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', amount_paise: s.after.host_payable_paise });
    expect(await payoutMovements(s.booking.id)).toBe(1);
    await t.deliverMail();
    expect(t.mail.filter((m) => m.to === s.hostEmail && m.subject.startsWith('[Test mode] Payout sent'))).toHaveLength(1);
  });

  it("sends to the operators' queue a transfer the provider reports failed at release, and makes a new one when retried", async () => {
    const s = await linkedStay(15);
    await arrived(s.booking.id);
    expect(await createDueTransfers(deps())).toEqual({ transfers: 1, transferErrors: 0 });
    const first = (await transfersOf(s.booking.id))[0]!;
    const { gateway } = await t.app.payments.account();
    const failedAtProvider = { ...gateway, fetchTransfer: async (id: string) => ({ ...(await gateway.fetchTransfer(id)), status: 'failed', error: { description: 'Linked account is suspended' } }) };
    const failing = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: failedAtProvider }) } };
    const release = new Date((await payout(s.booking.id)).release_at);
    expect(await releaseDuePayouts(failing, release)).toEqual({ paidOut: 0, payoutErrors: 1 });
    const [queued] = await rawRows<{ transfer_id: string | null; transfer_error: string; queued: boolean }>(t.database.db, sql`select transfer_id, transfer_error, attention_since is not null as queued from payouts where id = ${s.payoutId}`);
    expect(queued).toEqual({ transfer_id: null, transfer_error: `the provider reports transfer ${first.id} failed: Linked account is suspended`, queued: true });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 0, payoutErrors: 0 });
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 0, transferErrors: 0 });

    const opsEmail = `po-ops${stayCount()}b@example.com`;
    const ops = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    expect((await call('POST', `/api/ops/payouts/${s.payoutId}/retry`, ops, { reason: 'Razorpay reactivated the linked account' })).statusCode).toBe(200);
    // Retried: the provider has the transfer live after all (the gateway never failed it), so it is found and released, not made again.
    expect(await createDueTransfers(deps(), release)).toEqual({ transfers: 1, transferErrors: 0 });
    expect(await releaseDuePayouts(deps(), release)).toEqual({ paidOut: 1, payoutErrors: 0 });
    expect((await transfersOf(s.booking.id)).map((x) => x.id)).toEqual([first.id]);
    expect(await payout(s.booking.id)).toMatchObject({ status: 'paid', reference: first.id });
  });

  it('leaves a ledger that balances and agrees with the payments, refunds and payouts of every stay above', async () => {
    const { problems, rows } = await checkLedger(t.database.db);
    expect(problems).toEqual([]);
    expect(rows).toBeGreaterThan(10);
  });
});
