import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refundPaise as refundPaiseOf, settleStay } from '../../../domain/money/settlement';
import { toPaise } from '../../../domain/money/units';
import { INCIDENT_LIMITS, INCIDENT_MESSAGES } from '../../../domain/stays/incidents';
import { ARRIVAL_MESSAGES, lateArrivalResolution, missedArrivalText } from '../../../domain/stays/arrival';
import { todayInIndia } from '../../../domain/dates';
import { SELF_ACTION } from '../../../domain/operator-actions';
import { signIn } from '../../test/auth';
import { MINIMAL_CARE_SHEET } from '../../test/care-sheets';
import { storedStayPhotoFiles } from '../../test/stay-photos';
import { createListing, multipartBody, testJpeg, type UploadFile } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, inDays } from '../bookings/test-support';
import { setOperator } from '../ops';
import { releaseDuePayouts } from '../payments/payouts';
import { sendDueRefunds } from '../payments/refunds';
import { takeBackDueRecoveries } from '../payments/recoveries';
import { queueRefund } from '../payments';
import { matchTransferOfBooking } from '../payments/transfers';
import { createDueTransfers } from '../payments/transfers';
import { payForStay } from '../payments/test-support';
import { checkLedger } from '../payments/ledger-check';
import { PaymentProviderError } from '../../payments/razorpay';
import type { Payouts } from '../../../domain/contracts/payout';
import { usePayoutApp } from '../payouts/test-support';
import { askAboutMissedArrivals } from './arrival';
import { sweepStayPhotos } from './service';
import { settleDueBookings } from '../bookings';

// When something goes wrong on a stay (issue 37, PRODUCT.md section 10), through the real app on
// both databases: either side reports a problem during the stay or within 48 hours after; an
// urgent one shows the pets' vets and alerts operators; the host's payout waits while one is open;
// an operator resolves it, refunding a share of the stay through the refund path (ledger, credit
// note, payout lowered). The suite's ledger must balance at its end (usePayoutApp).

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('incidents', () => {
  const { t, call, deps, transfersOf, PHONE, payout } = usePayoutApp();
  let n = 0;
  let operator: string;
  const OPERATOR = 'inc-ops@example.com';

  /** A new host's listing (or a new listing of `hostOf`) and a new guest's stay from today, paid, with Bruno's care sheet; checked in unless told. */
  async function stay(opts: { checkIn?: boolean; from?: number; account?: boolean; hostOf?: { host: string; hostEmail: string } } = {}) {
    n++;
    const hostEmail = opts.hostOf?.hostEmail ?? `inc-host${n}@example.com`;
    const host = opts.hostOf?.host ?? (await signIn(t, hostEmail));
    if (!opts.hostOf) await call('PATCH', '/api/me', host, { name: 'Rohan Patel' });
    if (opts.account) await call('PUT', '/api/host/payout-account', host, { kind: 'upi', holder_name: 'Rohan Patel', phone: PHONE, upi_id: `rohan${n}@okaxis` });
    const listing = await createListing(t, host);
    const guestEmail = `inc-guest${n}@example.com`;
    const guest = await signIn(t, guestEmail);
    await call('PATCH', '/api/me', guest, { name: 'Aditi Sharma' });
    const pet = await addPet(t, guest, { name: 'Bruno', size: 's' });
    const from = opts.from ?? 0;
    const created = await call('POST', '/api/bookings', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 3), petIds: [pet.id] });
    if (created.statusCode !== 201) throw new Error(created.body);
    const booking = created.json() as { id: string; price_subtotal_inr: number; taxes_inr: number; platform_fee_inr: number };
    await call('POST', `/api/bookings/${booking.id}/accept`, host);
    await payForStay(t, guest, booking.id);
    const sheet = await call('PUT', `/api/stays/${booking.id}/care-sheets/${pet.id}`, guest, MINIMAL_CARE_SHEET);
    if (sheet.statusCode !== 200) throw new Error(sheet.body);
    if (opts.checkIn !== false && from === 0) {
      const inRes = await call('POST', `/api/stays/${booking.id}/check-in`, host);
      if (inRes.statusCode !== 200) throw new Error(inRes.body);
    }
    return { id: booking.id, booking, host, hostEmail, guest, guestEmail, pet };
  }

  const report = (s: { id: string }, who: string, body: unknown = { kind: 'health', description: 'Bruno is vomiting and will not eat' }) => call('POST', `/api/stays/${s.id}/incidents`, who, body);
  const ops = async () => (operator ??= await (async () => {
    const cookie = await signIn(t, OPERATOR);
    await setOperator(t.database.db, OPERATOR, true);
    return cookie;
  })());
  const mailTo = (to: string) => t.mail.filter((m) => m.to === to);
  const incidentIdOf = (res: { json: () => { incidents: { id: string }[] } }) => res.json().incidents[0]!.id;

  it('the guest reports an urgent health problem: both sides see it with the vet and the emergency contact, the host and every operator are told', async () => {
    await ops();
    const s = await stay();
    const res = await report(s, s.guest);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      viewer_role: 'guest',
      can_report_problem: true,
      urgent: {
        headline: 'Bruno needs a vet now',
        contacts: [{ pet_name: 'Bruno', vet: { name: 'Dr. Mehta', clinic: 'Paws Clinic', phone: '+917926401234' }, emergency_contact: { name: 'Kiran Shah', phone: '+919825012345' } }],
      },
      incidents: [
        {
          kind: 'health',
          kind_name: 'Health',
          urgent: true,
          description: 'Bruno is vomiting and will not eat',
          reported_by: 'guest',
          reported_by_me: true,
          status: 'open',
          status_line: 'Open: our team is looking into it',
          resolution: null,
          refund_percent: null,
        },
      ],
    });
    const hostView = (await call('GET', `/api/stays/${s.id}`, s.host)).json();
    expect(hostView.incidents).toEqual([expect.objectContaining({ reported_by: 'guest', reported_by_me: false, status: 'open' })]);
    expect(hostView.urgent.headline).toBe('Bruno needs a vet now');
    expect(mailTo(s.hostEmail).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Bruno needs a vet now \(/), text: expect.stringContaining('"Bruno is vomiting and will not eat"') });
    expect(mailTo(OPERATOR).at(-1)).toMatchObject({ subject: 'Urgent: Bruno needs a vet now', text: expect.stringContaining(`/ops?tab=incidents&incident=${incidentIdOf(res)}`) });
    // It heads the operators' queue.
    const queue = (await call('GET', '/api/ops/incidents', operator)).json().results;
    expect(queue[0]).toMatchObject({ id: incidentIdOf(res), urgent: true, reported_by: 'guest', guest_name: 'Aditi Sharma', host_name: 'Rohan Patel' });
  });

  it('a problem that is not urgent is told to the other side only, and shows no contacts', async () => {
    await ops();
    const s = await stay();
    const before = mailTo(OPERATOR).length;
    const res = await report(s, s.host, { kind: 'damage', description: '  Chewed the sofa cushion  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ viewer_role: 'host', urgent: null, incidents: [{ kind: 'damage', description: 'Chewed the sofa cushion', reported_by: 'host', reported_by_me: true, urgent: false }] });
    expect(mailTo(s.guestEmail).at(-1)).toMatchObject({ subject: expect.stringMatching(/^Rohan Patel reported a problem: Damage \(/) });
    expect(mailTo(OPERATOR)).toHaveLength(before);
  });

  it('can be reported during the stay and for 48 hours after it, not before it starts nor later', async () => {
    const early = await stay({ from: 2 });
    expect(await report(early, early.guest).then((r) => [r.statusCode, r.json().error.message])).toEqual([409, INCIDENT_MESSAGES.window]);
    expect((await call('GET', `/api/stays/${early.id}`, early.guest)).json()).toMatchObject({ can_report_problem: false, report_until: null });

    const s = await stay();
    expect((await call('POST', `/api/stays/${s.id}/check-out`, s.host)).statusCode).toBe(200);
    const after = (await call('GET', `/api/stays/${s.id}`, s.guest)).json();
    expect(after.can_report_problem).toBe(true);
    expect(new Date(after.report_until).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    expect((await report(s, s.guest, { kind: 'other', description: 'Came home with a tick' })).statusCode).toBe(201);
    // Gone home 49 hours ago: too late.
    await rawRows(t.database.db, sql`update bookings set checked_out_at = now() - interval '49 hours' where id = ${s.id}`);
    expect(await report(s, s.guest).then((r) => [r.statusCode, r.json().error.message])).toEqual([409, INCIDENT_MESSAGES.window]);
    expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().can_report_problem).toBe(false);
  });

  it('refuses bad input with a 400, someone else\'s stay and a missing one with a 404, signed out with a 401, and changes nothing', async () => {
    const s = await stay();
    const stranger = await signIn(t, 'inc-stranger@example.com');
    const cases: [unknown, string][] = [
      [{ description: 'x' }, INCIDENT_MESSAGES.kind],
      [{ kind: 'fire', description: 'x' }, INCIDENT_MESSAGES.kind],
      [{ kind: 'health', description: '   ' }, INCIDENT_MESSAGES.description],
      [{ kind: 'health' }, INCIDENT_MESSAGES.description],
      [{ kind: 'health', description: 'x'.repeat(INCIDENT_LIMITS.description + 1) }, INCIDENT_MESSAGES.descriptionLong],
      [{ kind: 'health', description: 'half \ud800 a pair' }, 'This text has characters we cannot store. Please type it again.'],
    ];
    for (const [body, message] of cases) {
      const res = await report(s, s.guest, body);
      expect([res.statusCode, JSON.stringify(res.json())]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await report(s, stranger)).statusCode).toBe(404);
    expect((await report(s, await ops())).statusCode).toBe(404);
    expect((await call('POST', `/api/stays/${UNKNOWN}/incidents`, s.guest, { kind: 'health', description: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/stays/not-an-id/incidents', s.guest, { kind: 'health', description: 'x' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/stays/${s.id}/incidents`, payload: { kind: 'health', description: 'x' } })).statusCode).toBe(401);
    expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().incidents).toEqual([]);
    // The operators' routes are answered to anyone else as paths that do not exist.
    expect((await call('GET', '/api/ops/incidents', s.guest)).statusCode).toBe(404);
  });

  it(`takes at most ${INCIDENT_LIMITS.perStay} reports on a stay, however fast they come`, async () => {
    const s = await stay();
    const sent = await Promise.all(Array.from({ length: INCIDENT_LIMITS.perStay + 2 }, (_, i) => report(s, i % 2 ? s.host : s.guest, { kind: 'other', description: `Report ${i}` })));
    expect(sent.filter((r) => r.statusCode === 201)).toHaveLength(INCIDENT_LIMITS.perStay);
    expect(sent.filter((r) => r.statusCode === 409).map((r) => r.json().error.message)).toEqual([INCIDENT_MESSAGES.tooMany, INCIDENT_MESSAGES.tooMany]);
    expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json()).toMatchObject({ can_report_problem: false });
  });

  it("keeps the host's payout held at the provider while a problem is open; an operator resolves it with a 40% refund, the payout is lowered and then paid", async () => {
    const op = await ops();
    const s = await stay({ account: true });
    expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
    const [transfer] = await transfersOf(s.id);
    // Held with no end at the provider: only the release lets it go.
    expect(transfer).toMatchObject({ on_hold: true, on_hold_until: null });
    const id = incidentIdOf(await report(s, s.guest, { kind: 'escape', description: 'Slipped the lead in the park' }));
    await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${s.id}`);
    expect(await releaseDuePayouts(deps())).toMatchObject({ paidOut: 0 });
    expect((await payout(s.id)).status).toBe('held');

    const detail = (await call('GET', `/api/ops/incidents/${id}`, op)).json();
    const cost = { subtotal_paise: toPaise(s.booking.price_subtotal_inr), taxes_paise: toPaise(s.booking.taxes_inr), platform_fee_paise: toPaise(s.booking.platform_fee_inr) };
    const settled = settleStay(cost, { gstin: null, pan: null }, inDays(0));
    expect(detail).toMatchObject({
      incident: { id, kind: 'escape', status: 'open', urgent: true },
      booking: { id: s.id, status: 'in_stay', guest: { name: 'Aditi Sharma', email: s.guestEmail }, host: { name: 'Rohan Patel', email: s.hostEmail }, refunded_paise: 0, payout: { status: 'held', amount_paise: settled.host_payable_paise } },
      refund: { possible: true, problem: null },
      pets: [{ name: 'Bruno', care_sheet: { vet: { name: 'Dr. Mehta' } } }],
      updates: [{ kind: 'arrival' }],
    });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['view_incident']);

    const resolved = await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'Found within the hour; part of the stay refunded', refund_percent: 40 });
    expect(resolved.statusCode).toBe(200);
    const after = settleStay(cost, { gstin: null, pan: null }, inDays(0), 40);
    const refundPaise = refundPaiseOf(cost, 40);
    expect(resolved.json()).toMatchObject({
      incident: { status: 'resolved', refund_percent: 40, refund_paise: refundPaise, resolution: 'Found within the hour; part of the stay refunded' },
      booking: { refunded_paise: refundPaise, payout: { status: 'held', amount_paise: after.host_payable_paise } },
      refund: { possible: false },
    });
    expect(resolved.json().history.map((h: { action: string }) => h.action)).toEqual(['view_incident', 'resolve_incident']);
    const [refund] = await rawRows<{ reason: string; amount_paise: number }>(t.database.db, sql`select reason, amount_paise from refunds where booking_id = ${s.id}`);
    expect(refund).toEqual({ reason: 'incident', amount_paise: refundPaise });
    const notes = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tax_documents where booking_id = ${s.id} and kind = 'credit_note'`);
    expect(notes[0]!.n).toBe(1);
    expect(mailTo(s.guestEmail).at(-1)).toMatchObject({ subject: expect.stringMatching(/^The problem on your stay is resolved/), text: expect.stringContaining('(40% of the stay) will be refunded') });
    expect(mailTo(s.hostEmail).at(-1)).toMatchObject({ text: expect.stringContaining('your payout for it is lowered to match') });
    // Both sides read the outcome on the stay; the open problem no longer shows the contacts.
    expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json()).toMatchObject({ urgent: null, incidents: [{ status: 'resolved', status_line: 'Resolved', refund_percent: 40, refund_paise: refundPaise }] });

    // The refund goes to the provider, taking back from the held transfer; then the rest is paid out.
    await sendDueRefunds(deps());
    expect(await releaseDuePayouts(deps())).toMatchObject({ paidOut: 1 });
    expect(await payout(s.id)).toMatchObject({ status: 'paid', amount_paise: after.host_payable_paise });
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ on_hold: false, amount: settled.host_payable_paise, amount_reversed: settled.host_payable_paise - after.host_payable_paise })]);
    // Resolved once: a second resolution is refused.
    const again = await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'Again', refund_percent: 0 });
    expect([again.statusCode, again.json().error.message]).toEqual([409, INCIDENT_MESSAGES.resolved]);
  });

  it('refuses a second refund for a problem, and resolves with 0% then', async () => {
    const op = await ops();
    const s = await stay();
    const first = incidentIdOf(await report(s, s.guest));
    const second = incidentIdOf(await report(s, s.host, { kind: 'behaviour', description: 'Growled at the neighbour' }));
    expect((await call('POST', `/api/ops/incidents/${first}/resolve`, op, { resolution: 'Vet visit refunded', refund_percent: 10 })).statusCode).toBe(200);
    const refused = await call('POST', `/api/ops/incidents/${second}/resolve`, op, { resolution: 'More', refund_percent: 10 });
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, INCIDENT_MESSAGES.refundedBefore]);
    expect((await call('GET', `/api/ops/incidents/${second}`, op)).json()).toMatchObject({ incident: { status: 'open' }, refund: { possible: false, problem: INCIDENT_MESSAGES.refundedBefore, from: null } });
    expect((await call('POST', `/api/ops/incidents/${second}/resolve`, op, { resolution: 'Talked to both', refund_percent: 0 })).json()).toMatchObject({ incident: { status: 'resolved', refund_paise: 0 } });
  });

  // Decision 055: a problem reported after the host's payout was released (24 hours after the
  // check-in) is refunded all the same; the host's share of it comes back from their linked
  // account at the provider, or, when the provider refuses, is owed.

  /** A stay checked in, its payout transferred and released to the host, and a problem reported on it; with the settlement of 0% and 40% refunds. */
  async function paidOutWithProblem() {
    const s = await stay({ account: true });
    expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
    await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${s.id}`);
    expect(await releaseDuePayouts(deps())).toMatchObject({ paidOut: 1 });
    const id = incidentIdOf(await report(s, s.guest, { kind: 'health', description: 'A cut on his paw that needed the vet' }));
    const cost = { subtotal_paise: toPaise(s.booking.price_subtotal_inr), taxes_paise: toPaise(s.booking.taxes_inr), platform_fee_paise: toPaise(s.booking.platform_fee_inr) };
    const before = settleStay(cost, { gstin: null, pan: null }, inDays(0));
    const after = settleStay(cost, { gstin: null, pan: null }, inDays(0), 40);
    return { s, id, cost, before, after, back: before.host_payable_paise - after.host_payable_paise };
  }

  const ledgerProblems = async () => (await checkLedger(t.database.db)).problems;
  const hostPayouts = async (host: string) => (await call('GET', '/api/host/payouts', host)).json() as Payouts;

  it("refunds after the host's payout was paid: the host's share comes back from their payout account, in the ledger, their payouts and their statement", async () => {
    const op = await ops();
    const { s, id, cost, before, after, back } = await paidOutWithProblem();
    expect(await payout(s.id)).toMatchObject({ status: 'paid', amount_paise: before.host_payable_paise });
    expect((await call('GET', `/api/ops/incidents/${id}`, op)).json()).toMatchObject({
      booking: { payout: { status: 'paid', amount_paise: before.host_payable_paise, recovery: null } },
      refund: { possible: true, problem: null, from: 'paid_payout' },
    });

    const resolved = await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'The vet bill, shared', refund_percent: 40 });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      incident: { status: 'resolved', refund_paise: refundPaiseOf(cost, 40) },
      booking: { payout: { status: 'paid', amount_paise: before.host_payable_paise, recovery: { amount_paise: back, status: 'due' } } },
    });
    expect(mailTo(s.hostEmail).at(-1)!.text).toContain('your share of it is taken back from the payout you were paid for the stay');
    // Owed until it comes back: the stay's host_payable is a debit of the host's share, and the ledger agrees.
    expect(await ledgerProblems()).toEqual([]);
    expect((await hostPayouts(s.host)).paid).toEqual([expect.objectContaining({ booking_id: s.id, taken_back: { amount_paise: back, status: 'due' } })]);

    // A refund from a cancellation or a suspension never takes back from a paid payout: only an operator's problem refund does.
    const cancelled = await t.database.db.transaction((tx) =>
      queueRefund(tx, { bookingId: s.id, reason: 'host_cancelled', percent: 100, cost: { price_subtotal_paise: cost.subtotal_paise, taxes_paise: cost.taxes_paise, platform_fee_paise: cost.platform_fee_paise } }),
    );
    expect(cancelled).toBe(0);
    expect(await rawRows(t.database.db, sql`select reason from refunds where booking_id = ${s.id}`)).toEqual([{ reason: 'incident' }]);

    // A run took the share back and died before writing it: the next finds nothing more to take.
    expect(await matchTransferOfBooking(deps(), s.id)).toBe('matched');
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: back })]);
    // The refunds job takes the share back from the transfer before the guest's money goes.
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount: before.host_payable_paise, amount_reversed: back })]);
    expect(await rawRows(t.database.db, sql`select r.status, r.amount_paise from payout_recoveries r join payouts p on p.id = r.payout_id where p.booking_id = ${s.id}`)).toEqual([
      { status: 'recovered', amount_paise: back },
    ]);
    expect(await ledgerProblems()).toEqual([]);
    const [hostPayable] = await rawRows<{ sum: number }>(t.database.db, sql`select sum(amount_paise)::int as sum from ledger_entries where booking_id = ${s.id} and account = 'host_payable'`);
    expect(hostPayable!.sum).toBe(0);
    // The stay's value kept (section 194-O's gross) follows the refund; what was paid stays as paid.
    expect(await rawRows(t.database.db, sql`select status, amount_paise, stay_paise from payouts where booking_id = ${s.id}`)).toEqual([
      { status: 'paid', amount_paise: before.host_payable_paise, stay_paise: after.stay_paise },
    ]);
    await t.deliverMail();
    expect(mailTo(s.hostEmail).at(-1)).toMatchObject({ subject: expect.stringContaining('Part of a payout was taken back'), text: expect.stringContaining('taken back from your payout account') });
    expect((await hostPayouts(s.host)).paid).toEqual([expect.objectContaining({ taken_back: { amount_paise: back, status: 'recovered' } })]);
    // The month's statement shows the payout and, beneath it, what came back.
    const month = todayInIndia().slice(0, 7);
    const csv = (await call('GET', `/api/host/statements/${month}?format=csv`, s.host)).body;
    expect(csv).toContain('Taken back for a refund');
    expect((await call('GET', `/api/ops/incidents/${id}`, op)).json()).toMatchObject({ booking: { payout: { recovery: { status: 'recovered' } } } });
    // A second run finds nothing more to take back.
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: back })]);
  });

  it('refunds the guest even when the provider will not give the host\'s share back: it is owed, for an operator, and the host is told', async () => {
    const op = await ops();
    const { s, id, back } = await paidOutWithProblem();
    expect((await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'The vet bill, shared', refund_percent: 40 })).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const refusing = { ...gateway, reverseTransfer: async () => Promise.reject(new PaymentProviderError('reverse transfer: 400 BAD_REQUEST_ERROR: insufficient balance', 400, 'BAD_REQUEST_ERROR', false)) };
    const withRefusal = { ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: refusing }) } };
    expect(await sendDueRefunds(withRefusal)).toMatchObject({ refundErrors: 0 });
    expect(await rawRows(t.database.db, sql`select status from refunds where booking_id = ${s.id}`)).not.toEqual([{ status: 'queued' }]);
    expect(await rawRows(t.database.db, sql`select r.status, r.provider_error from payout_recoveries r join payouts p on p.id = r.payout_id where p.booking_id = ${s.id}`)).toEqual([
      { status: 'owed', provider_error: 'reverse transfer: 400 BAD_REQUEST_ERROR: insufficient balance' },
    ]);
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: 0 })]);
    // Owed: still a debit on the stay's host_payable, which the ledger check expects.
    expect(await ledgerProblems()).toEqual([]);
    await t.deliverMail();
    expect(mailTo(s.hostEmail).at(-1)).toMatchObject({ subject: expect.stringContaining('Part of a payout is due back'), text: expect.stringContaining('our team will contact you') });
    expect((await hostPayouts(s.host)).paid).toEqual([expect.objectContaining({ taken_back: { amount_paise: back, status: 'owed' } })]);
    expect((await call('GET', `/api/ops/incidents/${id}`, op)).json()).toMatchObject({ booking: { payout: { recovery: { amount_paise: back, status: 'owed' } } } });

    // In the operators' queue, with the provider's answer; an operator tries again once the money is there.
    const owed = (await call('GET', '/api/ops/recoveries', op)).json().results as { id: string; booking_id: string; amount_paise: number; problem: string }[];
    const mine = owed.find((r) => r.booking_id === s.id)!;
    expect(mine).toMatchObject({ amount_paise: back, problem: 'reverse transfer: 400 BAD_REQUEST_ERROR: insufficient balance' });
    expect((await call('POST', `/api/ops/recoveries/${mine.id}/retry`, op, { reason: '' })).statusCode).toBe(400);
    expect((await call('POST', `/api/ops/recoveries/${mine.id}/retry`, op, { reason: 'The host topped up their account' })).statusCode).toBe(200);
    const again = await call('POST', `/api/ops/recoveries/${mine.id}/retry`, op, { reason: 'Trying it a second time' });
    expect(again.statusCode).toBe(404);
    expect(await takeBackDueRecoveries(deps())).toEqual({ recovered: 1, recoveriesOwed: 0, recoveryErrors: 0 });
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: back })]);
    expect(await ledgerProblems()).toEqual([]);
    expect((await call('GET', '/api/ops/recoveries', op)).json().results.some((r: { id: string }) => r.id === mine.id)).toBe(false);
    const history = (await call('GET', `/api/ops/history?target_type=recovery&target_id=${mine.id}`, op)).json().results;
    expect(history).toEqual([expect.objectContaining({ action: 'retry_recovery', reason: 'The host topped up their account' })]);
    expect(await takeBackDueRecoveries(deps())).toEqual({ recovered: 0, recoveriesOwed: 0, recoveryErrors: 0 });
  });

  it("tries what a host owes again once their next payout is released, and waits out a provider that cannot be reached", async () => {
    const op = await ops();
    const { s, id, back } = await paidOutWithProblem();
    expect((await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'The vet bill, shared', refund_percent: 40 })).statusCode).toBe(200);
    const { gateway } = await t.app.payments.account();
    const withGateway = (g: typeof gateway) => ({ ...deps(), payments: { name: 'test' as const, account: async () => ({ ...(await t.app.payments.account()), gateway: g }) } });
    const refusing = withGateway({ ...gateway, reverseTransfer: async () => Promise.reject(new PaymentProviderError('reverse transfer: 400 BAD_REQUEST_ERROR', 400, 'BAD_REQUEST_ERROR', false)) });
    expect(await sendDueRefunds(refusing)).toMatchObject({ refundErrors: 0 });
    const status = async () => (await rawRows<{ status: string }>(t.database.db, sql`select r.status from payout_recoveries r join payouts p on p.id = r.payout_id where p.booking_id = ${s.id}`))[0]!.status;
    expect(await status()).toBe('owed');
    // Owed is not tried by the job on its own.
    expect(await takeBackDueRecoveries(deps())).toEqual({ recovered: 0, recoveriesOwed: 0, recoveryErrors: 0 });

    // The host's next stay, at another of their homes, is paid out: what they owe is due again.
    const next = await stay({ hostOf: s });
    expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
    await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${next.id}`);
    expect(await releaseDuePayouts(deps())).toMatchObject({ paidOut: 1 });
    expect(await status()).toBe('due');
    // Refused again: owed again, and the host, told at the first refusal, is not told twice.
    expect(await takeBackDueRecoveries(refusing)).toEqual({ recovered: 0, recoveriesOwed: 1, recoveryErrors: 0 });
    expect(await status()).toBe('owed');
    await t.deliverMail();
    expect(mailTo(s.hostEmail).filter((m) => m.subject.includes('Part of a payout is due back'))).toHaveLength(1);
    const [owed] = await rawRows<{ id: string }>(t.database.db, sql`select r.id from payout_recoveries r join payouts p on p.id = r.payout_id where p.booking_id = ${s.id}`);
    expect((await call('POST', `/api/ops/recoveries/${owed!.id}/retry`, op, { reason: 'A new payout reached the account' })).statusCode).toBe(200);
    // The provider is down: tried again after a wait, not given up.
    const down = withGateway({ ...gateway, fetchTransfer: async () => Promise.reject(new PaymentProviderError('fetch transfer: 502 SERVER_ERROR', 502, 'SERVER_ERROR', true)) });
    expect(await takeBackDueRecoveries(down)).toEqual({ recovered: 0, recoveriesOwed: 0, recoveryErrors: 1 });
    expect(await status()).toBe('due');
    expect(await takeBackDueRecoveries(deps())).toEqual({ recovered: 0, recoveriesOwed: 0, recoveryErrors: 0 }); // waits its retry
    await rawRows(t.database.db, sql`update payout_recoveries set next_attempt_at = now() - interval '1 second' where status = 'due'`);
    expect(await takeBackDueRecoveries(deps())).toEqual({ recovered: 1, recoveriesOwed: 0, recoveryErrors: 0 });
    expect(await status()).toBe('recovered');
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: back })]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('owes the share of a payout paid with no transfer of ours (by hand): nothing is taken back, nothing is counted as come back', async () => {
    const op = await ops();
    const { s, id } = await paidOutWithProblem();
    await rawRows(t.database.db, sql`update payouts set transfer_id = null, transfer_attempts = 0 where booking_id = ${s.id}`);
    expect((await call('POST', `/api/ops/incidents/${id}/resolve`, op, { resolution: 'Refunded in part', refund_percent: 40 })).statusCode).toBe(200);
    expect(await sendDueRefunds(deps())).toMatchObject({ refundErrors: 0 });
    expect(await rawRows(t.database.db, sql`select r.status, r.provider_error from payout_recoveries r join payouts p on p.id = r.payout_id where p.booking_id = ${s.id}`)).toEqual([
      { status: 'owed', provider_error: 'the payout has no transfer at the provider to take it back from' },
    ]);
    expect(await transfersOf(s.id)).toEqual([expect.objectContaining({ amount_reversed: 0 })]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('two operators resolving at once: one resolution and one refund', async () => {
    const op = await ops();
    const other = await signIn(t, 'inc-ops2@example.com');
    await setOperator(t.database.db, 'inc-ops2@example.com', true);
    const s = await stay();
    const id = incidentIdOf(await report(s, s.guest));
    const answers = await Promise.all([op, other].map((who) => call('POST', `/api/ops/incidents/${id}/resolve`, who, { resolution: 'Refunded', refund_percent: 25 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await rawRows(t.database.db, sql`select reason from refunds where booking_id = ${s.id}`)).toEqual([{ reason: 'incident' }]);
  });

  it('notes stay in the record; a message is mailed to both sides; an operator cannot act on a stay of their own; bad input is refused', async () => {
    const op = await ops();
    const s = await stay();
    const id = incidentIdOf(await report(s, s.guest));
    const noted = await call('POST', `/api/ops/incidents/${id}/notes`, op, { note: 'Called the guest: vet visit booked' });
    expect(noted.json().history).toEqual([expect.objectContaining({ action: 'note_incident', reason: 'Called the guest: vet visit booked', operator: OPERATOR })]);
    const sent = await call('POST', `/api/ops/incidents/${id}/messages`, op, { message: 'We are with you: call us any time' });
    expect(sent.statusCode).toBe(200);
    for (const to of [s.guestEmail, s.hostEmail]) expect(mailTo(to).at(-1)).toMatchObject({ subject: expect.stringMatching(/^A message from PawStay about your stay/), text: expect.stringContaining('"We are with you: call us any time"') });
    for (const [route, body, message] of [
      ['notes', { note: ' ' }, INCIDENT_MESSAGES.note],
      ['messages', {}, INCIDENT_MESSAGES.message],
      ['resolve', { resolution: 'x', refund_percent: 101 }, INCIDENT_MESSAGES.percent],
      ['resolve', { resolution: 'x', refund_percent: 12.5 }, INCIDENT_MESSAGES.percent],
      ['resolve', { refund_percent: 0 }, INCIDENT_MESSAGES.resolution],
    ] as const) {
      const res = await call('POST', `/api/ops/incidents/${id}/${route}`, op, body);
      expect([res.statusCode, JSON.stringify(res.json())]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await call('GET', `/api/ops/incidents/${UNKNOWN}`, op)).statusCode).toBe(404);

    // The host of a stay, made an operator, does not act on its problems.
    await setOperator(t.database.db, s.hostEmail, true);
    const own = await call('POST', `/api/ops/incidents/${id}/resolve`, s.host, { resolution: 'Mine', refund_percent: 0 });
    expect([own.statusCode, own.json().error.message]).toEqual([409, SELF_ACTION]);
    await setOperator(t.database.db, s.hostEmail, false);
    expect((await call('GET', `/api/ops/incidents/${id}`, op)).json().incident.status).toBe('open');
  });

  describe('a stay not checked in, and the end of a stay', () => {
    const PUBLIC = 'http://localhost:3000';
    const ask = (today: string) => askAboutMissedArrivals(t.database.db, PUBLIC, today);
    const answer = (s: { id: string }, who: string, body: unknown) => call('POST', `/api/stays/${s.id}/arrival`, who, body);
    const allWell = (s: { id: string }, who: string) => call('POST', `/api/stays/${s.id}/all-well`, who);
    const noShowOf = async (s: { id: string }) =>
      (await rawRows<{ status: string; guest_answer: string | null; host_answer: string | null }>(t.database.db, sql`select status, guest_answer, host_answer from incidents where booking_id = ${s.id} and kind = 'no_show'`))[0];

    it('asks both sides once what happened when the check-in day ends without a check-in; nothing is paid out until an operator decides', async () => {
      const op = await ops();
      const s = await stay({ checkIn: false, account: true });
      expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
      await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${s.id}`);
      // Paid, past its release, never checked in: held.
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('held');
      // On the check-in day itself, nobody is asked yet.
      await ask(inDays(0));
      expect(await noShowOf(s)).toBeUndefined();
      expect([(await answer(s, s.guest, { answer: 'did_not_come' })).statusCode, (await answer(s, s.guest, { answer: 'did_not_come' })).json().error.message]).toEqual([409, ARRIVAL_MESSAGES.closed]);

      // Past its check-out day, it is not completed before it was asked about (nothing else would hold its payout).
      const settle = (today: string) => settleDueBookings(t.database.db, { publicUrl: PUBLIC, testMode: true }, today);
      await settle(inDays(5));
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().status).toBe('confirmed');

      // The day after: asked once, whichever run (or process) comes first.
      const [first, second] = await Promise.all([ask(inDays(1)), ask(inDays(1))]);
      expect(first! + second!).toBeGreaterThanOrEqual(1);
      expect(await ask(inDays(1))).toBe(0);
      expect(await noShowOf(s)).toEqual({ status: 'open', guest_answer: null, host_answer: null });
      await t.deliverMail();
      const asked = (to: string) => mailTo(to).filter((m) => m.subject.startsWith('Did Bruno arrive?'));
      expect(asked(s.hostEmail)).toHaveLength(1);
      expect(asked(s.guestEmail)).toHaveLength(1);
      expect(asked(s.hostEmail)[0]!.text).toContain('press "Bruno has arrived"');
      expect(asked(s.guestEmail)[0]!.text).toContain('arriving late, did not come, or called off');

      const seen = (await call('GET', `/api/stays/${s.id}`, s.guest)).json();
      expect(seen).toMatchObject({
        can_answer_arrival: true,
        incidents: [{ kind: 'no_show', kind_name: 'Not checked in', urgent: false, reported_by: 'pawstay', reported_by_me: false, status: 'open', answers: { guest: null, host: null }, description: missedArrivalText(['Bruno'], inDays(0)) }],
      });

      // Each side answers, and may change its answer; both read both.
      expect((await answer(s, s.guest, { answer: 'arriving_late' })).json().incidents[0].answers).toEqual({ guest: 'arriving_late', host: null });
      expect((await answer(s, s.guest, { answer: 'did_not_come' })).json().incidents[0].answers).toEqual({ guest: 'did_not_come', host: null });
      const hostAnswered = await answer(s, s.host, { answer: 'did_not_come' });
      expect(hostAnswered.statusCode).toBe(200);
      expect(hostAnswered.json()).toMatchObject({ viewer_role: 'host', incidents: [{ answers: { guest: 'did_not_come', host: 'did_not_come' } }] });
      // Bad answers, strangers and missing stays change nothing.
      const stranger = await signIn(t, 'inc-stranger-arrival@example.com');
      for (const [who, body, status] of [
        [s.guest, { answer: 'maybe' }, 400],
        [s.guest, {}, 400],
        [s.guest, { answer: 'did_not_come', extra: 1 }, 200],
        [stranger, { answer: 'called_off' }, 404],
        [op, { answer: 'called_off' }, 404],
      ] as const) {
        const res = await answer(s, who, body);
        expect(res.statusCode).toBe(status);
        if (status === 400) expect(res.json().error.message).toBe(ARRIVAL_MESSAGES.answer);
      }
      expect((await answer({ id: UNKNOWN }, s.guest, { answer: 'called_off' })).statusCode).toBe(404);
      expect((await call('POST', `/api/stays/${s.id}/arrival`, undefined, { answer: 'called_off' })).statusCode).toBe(401);
      expect(await noShowOf(s)).toEqual({ status: 'open', guest_answer: 'did_not_come', host_answer: 'did_not_come' });

      // The host reads why the payout waits.
      expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.id, waits_for: 'problem' })]);
      // The operators' queue shows it with the answers; still nothing is paid out.
      const queued = (await call('GET', '/api/ops/incidents', op)).json().results.find((i: { booking_id: string }) => i.booking_id === s.id);
      expect(queued).toMatchObject({ kind: 'no_show', reported_by: 'pawstay', answers: { guest: 'did_not_come', host: 'did_not_come' } });
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('held');

      // Completed once its dates are over, it stays held while the question is open.
      await settle(inDays(5));
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json()).toMatchObject({ status: 'completed', stage: { kind: 'never_checked_in' } });
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('held');

      // An operator decides: all of it back to the guest; the question is closed.
      const resolved = await call('POST', `/api/ops/incidents/${queued.id}/resolve`, op, { resolution: 'Bruno never came: the stay is refunded in full', refund_percent: 100 });
      expect(resolved.statusCode).toBe(200);
      const cost = { subtotal_paise: toPaise(s.booking.price_subtotal_inr), taxes_paise: toPaise(s.booking.taxes_inr), platform_fee_paise: toPaise(s.booking.platform_fee_inr) };
      expect(resolved.json()).toMatchObject({ incident: { status: 'resolved', refund_paise: refundPaiseOf(cost, 100) }, booking: { payout: { amount_paise: 0 } } });
      expect((await answer(s, s.guest, { answer: 'arriving_late' })).statusCode).toBe(409);
      expect((await call('GET', `/api/stays/${s.id}`, s.host)).json()).toMatchObject({ can_answer_arrival: false, incidents: [{ status: 'resolved' }] });
    });

    it("the host's late check-in settles the question with nothing refunded, and the payout is released as usual", async () => {
      const s = await stay({ checkIn: false, account: true });
      expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
      await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${s.id}`);
      await ask(inDays(1));
      expect(await noShowOf(s)).toMatchObject({ status: 'open' });
      expect((await answer(s, s.guest, { answer: 'arriving_late' })).statusCode).toBe(200);
      // (The check-in day is today by the API's clock: a late check-in is allowed until the day before check-out.)
      const late = await call('POST', `/api/stays/${s.id}/check-in`, s.host);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({
        status: 'in_stay',
        can_answer_arrival: false,
        incidents: [{ kind: 'no_show', status: 'resolved', resolution: lateArrivalResolution(['Bruno'], todayInIndia()), refund_percent: 0, refund_paise: 0, answers: { guest: 'arriving_late', host: null } }],
      });
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('paid');
    });

    it('a late check-in settles nothing while the guest says the pet never came: the payout waits until the guest agrees it was late', async () => {
      const s = await stay({ checkIn: false, account: true });
      expect(await createDueTransfers(deps())).toMatchObject({ transfers: 1 });
      await rawRows(t.database.db, sql`update payouts set release_at = now() - interval '1 minute' where booking_id = ${s.id}`);
      await ask(inDays(1));
      expect((await answer(s, s.guest, { answer: 'did_not_come' })).statusCode).toBe(200);
      const late = await call('POST', `/api/stays/${s.id}/check-in`, s.host);
      expect(late.json()).toMatchObject({ status: 'in_stay', can_answer_arrival: true, incidents: [{ kind: 'no_show', status: 'open' }] });
      // The host's own "arriving late" does not settle it either.
      expect((await answer(s, s.host, { answer: 'arriving_late' })).json().incidents[0].status).toBe('open');
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('held');
      expect((await call('GET', '/api/host/payouts', s.host)).json().upcoming).toEqual([expect.objectContaining({ booking_id: s.id, waits_for: 'problem' })]);
      // The guest agrees it was a late arrival: settled, on the day of the check-in.
      const agreed = await answer(s, s.guest, { answer: 'arriving_late' });
      expect(agreed.json()).toMatchObject({ can_answer_arrival: false, incidents: [{ status: 'resolved', resolution: lateArrivalResolution(['Bruno'], todayInIndia()), refund_paise: 0 }] });
      await releaseDuePayouts(deps());
      expect((await payout(s.id)).status).toBe('paid');
    });

    it('asks the guest "All well?" for 24 hours after the check-out: once, the guest only', async () => {
      const s = await stay();
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json()).toMatchObject({ home_question: false, home_confirmed_at: null });
      expect([(await allWell(s, s.guest)).statusCode, (await allWell(s, s.guest)).json().error.message]).toEqual([409, ARRIVAL_MESSAGES.homeWindow]);
      expect((await call('POST', `/api/stays/${s.id}/check-out`, s.host)).statusCode).toBe(200);
      await t.deliverMail();
      expect(mailTo(s.guestEmail).at(-1)!.text).toContain('Is all well?');
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json()).toMatchObject({ stage: { kind: 'gone_home' }, home_question: true });
      expect((await call('GET', `/api/stays/${s.id}`, s.host)).json()).toMatchObject({ home_question: false });
      expect((await allWell(s, s.host)).statusCode).toBe(404);
      expect((await allWell({ id: UNKNOWN }, s.guest)).statusCode).toBe(404);
      const [a, b] = await Promise.all([allWell(s, s.guest), allWell(s, s.guest)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const after = (await call('GET', `/api/stays/${s.id}`, s.host)).json();
      expect(after).toMatchObject({ home_question: false, home_confirmed_at: expect.any(String) });
      expect((await allWell(s, s.guest)).json().error.message).toBe(ARRIVAL_MESSAGES.homeConfirmed);

      // Past 24 hours, it is no longer asked (a problem can still be reported for 48).
      const old = await stay();
      expect((await call('POST', `/api/stays/${old.id}/check-out`, old.host)).statusCode).toBe(200);
      await rawRows(t.database.db, sql`update bookings set checked_out_at = now() - interval '24 hours 1 second' where id = ${old.id}`);
      expect((await call('GET', `/api/stays/${old.id}`, old.guest)).json()).toMatchObject({ home_question: false, can_report_problem: true });
      expect((await allWell(old, old.guest)).json().error.message).toBe(ARRIVAL_MESSAGES.homeWindow);
    });
  });

  describe('photos on a report', () => {
    const photo = async (name = 'gap.jpg') => ({ filename: name, content: await testJpeg(800, 600) });
    const sendForm = async (s: { id: string }, cookie: string, files: UploadFile[], fields: Record<string, string>) => {
      const { payload, headers } = await multipartBody(files, fields);
      return t.app.inject({ method: 'POST', url: `/api/stays/${s.id}/incidents`, headers: { ...headers, cookie }, payload });
    };
    const DAMAGE = { kind: 'damage', description: 'Bruno chewed through the balcony net: photos of the gap' };
    const storedFiles = () => storedStayPhotoFiles(t.dataDir);

    it("the host reports damage with two photos: both sides open them on the stay's route, an operator on the console's, nobody else", async () => {
      const op = await ops();
      const s = await stay();
      const stranger = await signIn(t, 'inc-photo-stranger@example.com');
      t.mail.length = 0;
      const res = await sendForm(s, s.host, [await photo(), await photo('net.png')], DAMAGE);
      expect(res.statusCode, res.body).toBe(201);
      // The guest is told, and where the photos are (never the photos themselves).
      expect(mailTo(s.guestEmail).map((m) => m.text)).toEqual([expect.stringContaining("Sent with it: 2 photos, on the stay's page.")]);
      const [incident] = res.json().incidents;
      expect(incident).toMatchObject({ kind: 'damage', description: DAMAGE.description, reported_by: 'host' });
      expect(incident.photos).toHaveLength(2);
      const [first] = incident.photos;
      expect(first).toMatchObject({ width: 800, height: 600, card_url: `/api/stays/${s.id}/photos/${first.id}?size=card`, large_url: `/api/stays/${s.id}/photos/${first.id}?size=large` });
      // The guest reads the same report, photos in the order sent.
      const guestView = (await call('GET', `/api/stays/${s.id}`, s.guest)).json();
      expect(guestView.incidents[0].photos.map((p: { id: string }) => p.id)).toEqual(incident.photos.map((p: { id: string }) => p.id));
      for (const who of [s.guest, s.host]) {
        for (const size of ['card', 'large']) {
          const got = await call('GET', `/api/stays/${s.id}/photos/${first.id}?size=${size}`, who);
          expect([got.statusCode, got.headers['content-type'], got.headers['cache-control']]).toEqual([200, 'image/webp', 'private, max-age=604800, immutable']);
        }
      }
      expect((await call('GET', `/api/stays/${s.id}/photos/${first.id}`, stranger)).statusCode).toBe(404);
      expect((await call('GET', `/api/stays/${s.id}/photos/${first.id}`, op)).statusCode).toBe(404);
      // The console: the report's photos at its own route, kept nowhere; to anyone else, no such path.
      const detail = (await call('GET', `/api/ops/incidents/${incident.id}`, op)).json();
      expect(detail.incident.photos[0]).toMatchObject({ id: first.id, card_url: `/api/ops/incidents/${incident.id}/photos/${first.id}?size=card` });
      const seen = await call('GET', `/api/ops/incidents/${incident.id}/photos/${first.id}?size=large`, op);
      expect([seen.statusCode, seen.headers['content-type'], seen.headers['cache-control']]).toEqual([200, 'image/webp', 'no-store']);
      expect((await call('GET', `/api/ops/incidents/${incident.id}/photos/${first.id}`, s.guest)).statusCode).toBe(404);
      // Another incident's id with this photo: not found.
      const other = await stay();
      const otherIncident = incidentIdOf(await report(other, other.guest));
      expect((await call('GET', `/api/ops/incidents/${otherIncident}/photos/${first.id}`, op)).statusCode).toBe(404);
      expect((await call('GET', `/api/ops/incidents/${incident.id}/photos/${first.id}?size=huge`, op)).statusCode).toBe(400);
    });

    it('refuses a fifth photo, a file that is no photo, and bad words, storing nothing; a stranger is refused before a photo is read', async () => {
      const s = await stay();
      const stranger = await signIn(t, 'inc-photo-stranger2@example.com');
      const before = storedFiles();
      const five = await Promise.all(Array.from({ length: INCIDENT_LIMITS.photos + 1 }, (_, i) => photo(`p${i}.jpg`)));
      const cases: [UploadFile[], Record<string, string>, string][] = [
        [five, DAMAGE, INCIDENT_MESSAGES.tooManyPhotos],
        [[{ filename: 'notes.txt', content: Buffer.from('not a photo at all'), type: 'text/plain' }], DAMAGE, 'photo'],
        [[await photo()], { kind: 'damage' }, INCIDENT_MESSAGES.description],
        [[await photo()], { kind: 'flood', description: 'x' }, INCIDENT_MESSAGES.kind],
        [[await photo()], { kind: 'damage', description: 'x'.repeat(INCIDENT_LIMITS.description + 1) }, INCIDENT_MESSAGES.descriptionLong],
        [[await photo()], { kind: 'damage', description: 'a \u0000 in it' }, ''],
      ];
      for (const [files, fields, message] of cases) {
        const res = await sendForm(s, s.guest, files, fields);
        expect([res.statusCode, res.json().error.message], JSON.stringify(fields)).toEqual([400, expect.stringContaining(message)]);
      }
      expect(storedFiles()).toBe(before);
      const refused = await sendForm(s, stranger, [await photo()], DAMAGE);
      expect(refused.statusCode).toBe(404);
      expect(storedFiles()).toBe(before);
      expect((await call('GET', `/api/stays/${s.id}`, s.guest)).json().incidents).toEqual([]);
      // Outside the report window, the same before any photo is read.
      const later = await stay({ from: 5 });
      expect((await sendForm(later, later.guest, [await photo()], DAMAGE)).json().error.message).toBe(INCIDENT_MESSAGES.window);
      expect(storedFiles()).toBe(before);
    });

    it("the photo sweep keeps a report's files", async () => {
      const s = await stay();
      expect((await sendForm(s, s.guest, [await photo()], DAMAGE)).statusCode).toBe(201);
      const files = t.storage.stayPhotos;
      const keys = async () => {
        const all: string[] = [];
        for await (const key of files.keys()) all.push(key);
        return all.sort();
      };
      const before = await keys();
      const log = { warn: () => undefined };
      const now = new Date();
      await sweepStayPhotos(t.database.db, files, log, now);
      expect((await sweepStayPhotos(t.database.db, files, log, new Date(now.getTime() + 2 * 3_600_000))).deleted).toBe(0);
      expect(await keys()).toEqual(before);
    });
  });
});
