import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatInstantInIndia, instantInIndia } from '../../../domain/dates';
import { formatMeetTime, MEET_LIMITS, MEET_MESSAGES, meetInstant } from '../../../domain/stays/meet';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays } from '../bookings/test-support';
import { setOperator } from '../ops';
import { remindMeets } from './service';
import { payForStay } from '../payments/test-support';

// Meet & greet through the real app (issue 37), on both databases: proposing, confirming and
// marking; who may; the host's accept that waits for a meet; the reminder; and the races.

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('meet & greet', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  /** A new host's listing and a new guest's request from `from` days ahead (accepted when told). */
  async function request(opts: { from?: number; meetRequired?: boolean } = {}) {
    n++;
    const hostEmail = `m-host${n}@example.com`;
    const host = await signIn(t, hostEmail);
    await call('PATCH', '/api/me', host, { name: 'Rohan Patel' });
    const listing = await createListing(t, host, { meet_required: opts.meetRequired ?? false });
    const guestEmail = `m-guest${n}@example.com`;
    const guest = await signIn(t, guestEmail);
    await call('PATCH', '/api/me', guest, { name: 'Aditi Sharma' });
    const pet = await addPet(t, guest, { name: 'Bruno', size: 's' });
    const from = opts.from ?? 5;
    const created = await call('POST', '/api/bookings', guest, { listingId: listing.id, fromDate: inDays(from), toDate: inDays(from + 3), petIds: [pet.id] });
    if (created.statusCode !== 201) throw new Error(created.body);
    return { id: created.json().id as string, host, hostEmail, guest, guestEmail, listing, pet };
  }

  const times = ['T11:00', 'T17:30'].map((clock, i) => `${inDays(i + 1)}${clock}`);
  const propose = (r: { id: string }, cookie: string, body: Record<string, unknown> = { mode: 'home', times }) => call('POST', `/api/bookings/${r.id}/meets`, cookie, body);
  const hostCard = async (r: { id: string; host: string }) => (await call('GET', '/api/host/bookings', r.host)).json().results.find((b: { id: string }) => b.id === r.id);
  const guestCard = async (r: { id: string; guest: string }) => (await call('GET', '/api/bookings', r.guest)).json().results.find((b: { id: string }) => b.id === r.id);
  /** Moves a confirmed meet's time into the past, as if it had come (tests only). */
  const timeHasCome = (meetId: string) =>
    rawRows(t.database.db, sql`update meets set at = now() - interval '1 hour', times = array[now() - interval '1 hour'], confirmed_at = now() - interval '2 days' where id = ${meetId}`);

  it('the guest proposes, the host is told and confirms a time, and both are told', async () => {
    const r = await request();
    t.mail.length = 0;
    const proposed = await propose(r, r.guest, { mode: 'home', times: [times[1], times[0]], note: 'Bruno is shy at first' });
    expect(proposed.statusCode).toBe(201);
    const meet = proposed.json();
    expect(meet).toMatchObject({ mode: 'home', proposed_by: 'guest', proposed_by_me: true, status: 'proposed', at: null, can_confirm: false, can_mark: false, note: 'Bruno is shy at first' });
    // Earliest first, as instants.
    expect(meet.times).toEqual(times.map((x) => meetInstant(x)!.toISOString()));
    // The guest of a request sees the locality, never the address.
    expect(meet.place).not.toContain(r.listing.address);
    expect(t.mail.map((m) => [m.to, m.subject])).toEqual([[r.hostEmail, 'Aditi Sharma proposes a meet & greet']]);
    expect(t.mail[0]!.text).toContain(formatMeetTime(meet.times[0]));
    expect(t.mail[0]!.text).toContain('Bruno is shy at first');

    const card = await hostCard(r);
    expect(card.meet).toMatchObject({ id: meet.id, proposed_by_me: false, can_confirm: true, place: r.listing.address });
    expect(card.can_propose_meet).toBe(true);

    t.mail.length = 0;
    const confirmed = await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[1] });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', at: meet.times[1], can_confirm: false, can_mark: false });
    expect(t.mail.map((m) => m.to).sort()).toEqual([r.guestEmail, r.hostEmail].sort());
    expect(t.mail.every((m) => m.subject.includes(formatMeetTime(meet.times[1])))).toBe(true);
    expect((await guestCard(r)).meet).toMatchObject({ status: 'confirmed', at: meet.times[1] });
  });

  it('new times from either side replace the current ones', async () => {
    const r = await request();
    const first = (await propose(r, r.guest)).json();
    const second = await propose(r, r.host, { mode: 'video', times: [times[0]] });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ mode: 'video', place: 'By video call', proposed_by: 'host' });
    // The first proposal can no longer be confirmed.
    const late = await call('POST', `/api/meets/${first.id}/confirm`, r.host, { time: first.times[0] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MEET_MESSAGES.replaced);
    expect((await guestCard(r)).meet).toMatchObject({ id: second.json().id, can_confirm: true });
  });

  it("shows a paid stay's guest the locality until the booking shows the address, in the answer and the mail", async () => {
    // Moderate: a full refund until 5 days before check-in, so no address 10 days ahead.
    const r = await request({ from: 10 });
    expect((await call('POST', `/api/bookings/${r.id}/accept`, r.host)).statusCode).toBe(200);
    await payForStay(t, r.guest, r.id);
    expect((await guestCard(r)).listing.address).toBeNull();
    t.mail.length = 0;
    const meet = (await propose(r, r.host)).json();
    expect(meet.place).toBe(r.listing.address);
    const guestView = (await guestCard(r)).meet;
    expect(guestView.place).toBe('Bodakdev, Ahmedabad');
    const [mail] = t.mail.filter((m) => m.to === r.guestEmail);
    expect(mail!.text).toContain('Bodakdev, Ahmedabad');
    expect(mail!.text).not.toContain(r.listing.address!);
    expect(mail!.html).not.toContain(r.listing.address!);
  });

  describe('who may', () => {
    it('only the booking\'s guest and host: anyone else, an operator included, gets a 404', async () => {
      const r = await request();
      const other = await request();
      const stranger = await signIn(t, 'm-stranger@example.com');
      const ops = await signIn(t, 'm-ops@example.com');
      await setOperator(t.database.db, 'm-ops@example.com', true);
      const meet = (await propose(r, r.guest)).json();
      for (const cookie of [stranger, ops, other.guest, other.host]) {
        expect((await propose(r, cookie)).statusCode).toBe(404);
        expect((await call('POST', `/api/meets/${meet.id}/confirm`, cookie, { time: meet.times[0] })).statusCode).toBe(404);
        expect((await call('POST', `/api/meets/${meet.id}/outcome`, cookie, { outcome: 'met' })).statusCode).toBe(404);
      }
      expect((await call('POST', `/api/bookings/${r.id}/meets`, '', { mode: 'home', times })).statusCode).toBe(401);
      expect((await call('POST', `/api/meets/${UNKNOWN}/confirm`, r.host, { time: meet.times[0] })).statusCode).toBe(404);
      expect((await propose({ id: UNKNOWN }, r.guest)).statusCode).toBe(404);
    });

    it('the side that proposed cannot confirm its own times', async () => {
      const r = await request();
      const meet = (await propose(r, r.host)).json();
      const own = await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] });
      expect(own.statusCode).toBe(409);
      expect(own.json().error.message).toBe(MEET_MESSAGES.notYours);
    });
  });

  describe('bad input changes nothing', () => {
    it('refuses times that are not times, too soon, too far, after check-in, repeated or too many', async () => {
      const r = await request({ from: 3 });
      const refused = async (body: Record<string, unknown>, message: string) => {
        const res = await propose(r, r.guest, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message).toBe(message);
      };
      await refused({ mode: 'home', times: [] }, MEET_MESSAGES.atLeastOne);
      await refused({ mode: 'home', times: ['soon'] }, MEET_MESSAGES.pickTime);
      await refused({ mode: 'home', times: [`${inDays(0)}T00:00`] }, MEET_MESSAGES.tooSoon);
      await refused({ mode: 'home', times: [`${inDays(1)}T10:00`, `${inDays(1)}T10:00`] }, MEET_MESSAGES.different);
      await refused({ mode: 'home', times: [1, 2, 3, 4].map((h) => `${inDays(1)}T1${h}:00`) }, MEET_MESSAGES.atMost);
      await refused({ mode: 'garden', times }, MEET_MESSAGES.mode);
      await refused({ mode: 'home', times: [`${inDays(3)}T14:00`] }, `Choose a time before check-in (${formatInstantInIndia(instantInIndia(inDays(3), 14))})`);
      const far = await request({ from: 20 });
      const tooFar = await propose(far, far.guest, { mode: 'home', times: [`${inDays(16)}T10:00`] });
      expect(tooFar.json().error.message).toBe(MEET_MESSAGES.tooFar);
      expect((await call('POST', '/api/bookings/not-a-uuid/meets', r.guest, { mode: 'home', times })).statusCode).toBe(400);
      expect((await rawRows(t.database.db, sql`select 1 from meets where booking_id = ${r.id}`)).length).toBe(0);
    });

    it('refuses a time that was not offered, and one that has passed', async () => {
      const r = await request();
      const meet = (await propose(r, r.guest)).json();
      const other = await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: `${inDays(2)}T09:00` });
      expect(other.statusCode).toBe(400);
      expect((await call('POST', `/api/meets/${meet.id}/confirm`, r.host, {})).statusCode).toBe(400);
      // A time without its offset would be read in the server's zone: refused, as is one that is no time.
      for (const time of [times[0], 'tomorrow', 'x'.repeat(100), 42]) expect((await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time })).statusCode).toBe(400);
      await rawRows(t.database.db, sql`update meets set times = array[now() - interval '1 minute'] where id = ${meet.id}`);
      const [past] = await rawRows<{ t: string }>(t.database.db, sql`select to_json(times[1]) #>> '{}' as t from meets where id = ${meet.id}`);
      const late = await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: past!.t });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(MEET_MESSAGES.pastTime);
    });
  });

  describe('after the time', () => {
    it('either side marks it once, and not before its time', async () => {
      const r = await request();
      const meet = (await propose(r, r.guest)).json();
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome: 'met' })).json().error.message).toBe(MEET_MESSAGES.notConfirmed);
      await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] });
      const early = await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome: 'met' });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(MEET_MESSAGES.notYet);
      await timeHasCome(meet.id);
      expect((await guestCard(r)).meet.can_mark).toBe(true);
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'maybe' })).statusCode).toBe(400);
      const marked = await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'missed' });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ outcome: 'missed', outcome_by_me: true, can_mark: false });
      expect((await hostCard(r)).meet).toMatchObject({ outcome: 'missed', outcome_by_me: false });
      const again = await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'met' });
      expect(again.json().error.message).toBe(MEET_MESSAGES.marked);
      // A meet that did not happen can be proposed again.
      expect((await propose(r, r.host)).statusCode).toBe(201);
    });
  });

  describe('a host who meets new guests first', () => {
    async function meetAndMark(r: { id: string; guest: string; host: string }, outcome: 'met' | 'missed') {
      const meet = (await propose(r, r.guest)).json();
      await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] });
      await timeHasCome(meet.id);
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome })).statusCode).toBe(200);
    }

    it('accepts a first-time guest only after a meet marked Met', async () => {
      const r = await request({ meetRequired: true });
      expect((await hostCard(r)).meet_needed).toBe(true);
      expect((await guestCard(r)).meet_needed).toBe(true);
      const refused = await call('POST', `/api/bookings/${r.id}/accept`, r.host);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'meet_needed', message: MEET_MESSAGES.neededBeforeAccept });
      expect((await rawRows<{ status: string }>(t.database.db, sql`select status from bookings where id = ${r.id}`))[0]!.status).toBe('requested');
      await meetAndMark(r, 'missed');
      expect((await call('POST', `/api/bookings/${r.id}/accept`, r.host)).statusCode).toBe(409);
      await meetAndMark(r, 'met');
      expect((await hostCard(r)).meet_needed).toBe(false);
      expect((await call('POST', `/api/bookings/${r.id}/accept`, r.host)).statusCode).toBe(200);
      // Met: nothing more to propose on this booking.
      const after = await propose(r, r.guest);
      expect(after.statusCode).toBe(409);
      expect(after.json().error.message).toBe(MEET_MESSAGES.alreadyMet);
    });

    it("counts the host's Met, not the guest's: the host may still mark after the guest", async () => {
      const r = await request({ meetRequired: true });
      const meet = (await propose(r, r.guest)).json();
      await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] });
      await timeHasCome(meet.id);
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'met' })).statusCode).toBe(200);
      expect((await hostCard(r)).meet_needed).toBe(true);
      expect((await call('POST', `/api/bookings/${r.id}/accept`, r.host)).statusCode).toBe(409);
      // The guest cannot mark twice; the host can, and theirs is the word that counts.
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'met' })).json().error.message).toBe(MEET_MESSAGES.marked);
      expect((await hostCard(r)).meet).toMatchObject({ outcome: 'met', outcome_by_me: false, can_mark: true });
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome: 'met' })).json()).toMatchObject({ outcome: 'met', outcome_by_me: true, can_mark: false });
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.guest, { outcome: 'missed' })).json().error.message).toBe(MEET_MESSAGES.marked);
      expect((await call('POST', `/api/bookings/${r.id}/accept`, r.host)).statusCode).toBe(200);
    });

    it('a meet confirmed on a request that then expired can still be marked, and opens the next request', async () => {
      const r = await request({ meetRequired: true });
      const meet = (await propose(r, r.guest)).json();
      await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] });
      // A day later the request is overdue (its 24 hours are over), and the meet was yesterday.
      await rawRows(t.database.db, sql`update bookings set created_at = now() - interval '25 hours' where id = ${r.id}`);
      await timeHasCome(meet.id);
      expect(await hostCard(r)).toMatchObject({ can_propose_meet: false, meet: { status: 'confirmed', can_mark: true } });
      expect((await propose(r, r.guest)).json().error.message).toBe(MEET_MESSAGES.closed);
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome: 'met' })).statusCode).toBe(200);
      // Marked more than 7 days after its time: too late.
      await rawRows(t.database.db, sql`update meets set at = now() - interval '8 days', outcome = null, outcome_by = null where id = ${meet.id}`);
      expect((await call('POST', `/api/meets/${meet.id}/outcome`, r.host, { outcome: 'met' })).json().error.message).toBe(MEET_MESSAGES.markTooLate);
      expect((await hostCard(r)).meet).toBeNull();
      await rawRows(t.database.db, sql`update meets set at = now() - interval '1 hour', outcome = 'met', outcome_by = (select host_id from listings where id = ${r.listing.id}) where id = ${meet.id}`);
      const again = await call('POST', '/api/bookings', r.guest, { listingId: r.listing.id, fromDate: inDays(12), toDate: inDays(14), petIds: [r.pet.id] });
      expect((await hostCard({ id: again.json().id, host: r.host })).meet_needed).toBe(false);
      expect((await call('POST', `/api/bookings/${again.json().id}/accept`, r.host)).statusCode).toBe(200);
    });

    it('does not ask a guest who has stayed with the host, or met them on another booking', async () => {
      const r = await request({ meetRequired: true });
      await meetAndMark(r, 'met');
      // A second request to the same host, for other dates.
      const again = await call('POST', '/api/bookings', r.guest, { listingId: r.listing.id, fromDate: inDays(12), toDate: inDays(14), petIds: [r.pet.id] });
      expect((await hostCard({ id: again.json().id, host: r.host })).meet_needed).toBe(false);

      const s = await request({ meetRequired: true });
      await rawRows(t.database.db, sql`update listings set meet_required = false where id = ${s.listing.id}`);
      await call('POST', `/api/bookings/${s.id}/accept`, s.host);
      await rawRows(t.database.db, sql`update bookings set status = 'completed' where id = ${s.id}`);
      await rawRows(t.database.db, sql`update listings set meet_required = true where id = ${s.listing.id}`);
      const returning = await call('POST', '/api/bookings', s.guest, { listingId: s.listing.id, fromDate: inDays(12), toDate: inDays(14), petIds: [s.pet.id] });
      expect((await hostCard({ id: returning.json().id, host: s.host })).meet_needed).toBe(false);
      expect((await call('POST', `/api/bookings/${returning.json().id}/accept`, s.host)).statusCode).toBe(200);
    });

    it('is saved on the listing and shown on its page', async () => {
      const r = await request({ meetRequired: true });
      expect((await call('GET', `/api/listings/${r.listing.id}`)).json().meet_required).toBe(true);
      expect((await call('PATCH', `/api/listings/${r.listing.id}`, r.host, { meet_required: 'yes' })).statusCode).toBe(400);
      await call('PATCH', `/api/listings/${r.listing.id}`, r.host, { meet_required: false });
      expect((await call('GET', `/api/listings/${r.listing.id}`)).json().meet_required).toBe(false);
    });
  });

  describe('limits', () => {
    it('ends with the request: a cancelled booking takes no proposal and shows no meet', async () => {
      const r = await request();
      const meet = (await propose(r, r.guest)).json();
      await call('POST', `/api/bookings/${r.id}/cancel`, r.guest);
      const res = await propose(r, r.host);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MEET_MESSAGES.closed);
      expect((await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[0] })).json().error.message).toBe(MEET_MESSAGES.closed);
      expect(await hostCard(r)).toMatchObject({ meet: null, can_propose_meet: false });
    });

    it(`takes at most ${MEET_LIMITS.proposalsPerBooking} proposals a booking: then messages do`, async () => {
      const r = await request();
      for (let i = 0; i < MEET_LIMITS.proposalsPerBooking; i++) expect((await propose(r, i % 2 ? r.host : r.guest)).statusCode).toBe(201);
      const over = await propose(r, r.guest);
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toBe(MEET_MESSAGES.tooMany);
      expect((await hostCard(r)).can_propose_meet).toBe(false);
    });
  });

  describe('races', () => {
    it('two confirms of one proposal: one wins, the other is told it is confirmed already', async () => {
      const r = await request();
      const meet = (await propose(r, r.guest)).json();
      const answers = await Promise.all(meet.times.map((time: string) => call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(MEET_MESSAGES.notProposed);
    });

    it('proposals at once from both sides leave one current meet', async () => {
      const r = await request();
      const answers = await Promise.all([propose(r, r.guest), propose(r, r.host), propose(r, r.guest)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      const current = await rawRows(t.database.db, sql`select id from meets where booking_id = ${r.id} and status <> 'replaced'`);
      expect(current.length).toBe(1);
    });

    it('a confirm and a cancellation at once: a confirmed meet never outlives its booking on the card', async () => {
      const r = await request();
      const meet = (await propose(r, r.host)).json();
      const [confirm, cancel] = await Promise.all([
        call('POST', `/api/meets/${meet.id}/confirm`, r.guest, { time: meet.times[0] }),
        call('POST', `/api/bookings/${r.id}/cancel`, r.guest),
      ]);
      expect(cancel.statusCode).toBe(200);
      const [row] = await rawRows<{ status: string }>(t.database.db, sql`select status from meets where id = ${meet.id}`);
      // Either the confirm came first (and stands, on a booking cancelled after it), or it found the booking closed and changed nothing.
      if (confirm.statusCode === 200) expect(row!.status).toBe('confirmed');
      else {
        expect(confirm.json().error.message).toBe(MEET_MESSAGES.closed);
        expect(row!.status).toBe('proposed');
      }
    });
  });

  describe('the reminder', () => {
    it('mails both sides once, from 6 pm India the evening before, however many processes run it', async () => {
      const r = await request();
      // The file's other meets are not this test's to count.
      await rawRows(t.database.db, sql`update meets set reminded_at = now()`);
      const meet = (await propose(r, r.guest)).json();
      await call('POST', `/api/meets/${meet.id}/confirm`, r.host, { time: meet.times[1] });
      const at = new Date(meet.times[1]);
      const evening = instantInIndia(inDays(1), 18);
      t.mail.length = 0;
      expect(await remindMeets(t.database.db, 'http://test', new Date(evening.getTime() - 60_000))).toBe(0);
      // Confirmed just now: pretend it was confirmed days ago, as a reminder is for those.
      await rawRows(t.database.db, sql`update meets set confirmed_at = now() - interval '3 days' where id = ${meet.id}`);
      const runs = await Promise.all([remindMeets(t.database.db, 'http://test', evening), remindMeets(t.database.db, 'http://test', evening)]);
      expect(runs.sort()).toEqual([0, 1]);
      expect(await remindMeets(t.database.db, 'http://test', new Date(at.getTime() - 60_000))).toBe(0);
      await t.deliverMail();
      expect(t.mail.map((m) => m.to).sort()).toEqual([r.guestEmail, r.hostEmail].sort());
      expect(t.mail[0]!.subject).toBe(`Reminder: meet & greet with ${t.mail[0]!.to === r.guestEmail ? 'Rohan Patel' : 'Aditi Sharma'}, ${formatMeetTime(at)}`);
    });
  });
});
