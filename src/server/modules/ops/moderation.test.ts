import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SELF_ACTION } from '../../../domain/operator-actions';
import { INACTIVE_ACCOUNT, REPORT_MESSAGES, REPORTS_PER_DAY } from '../../../domain/reports';
import { useTestApp } from '../../test/app';
import { browserCookieOf, signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { rawRows } from '../../test/rows';
import { addPet, api, inDays, storedBooking, userIdOf } from '../bookings/test-support';
import { payForStay } from '../payments/test-support';
import { completedStay, listingRating } from '../reviews/test-support';
import { setOperator } from '.';
import { requestBooking } from '../bookings/service';
import { createListing as createListingAs } from '../listings/service';
import { listingCreateSchema } from '../../../domain/contracts/listing';
import { validListing } from '../../test/listings';

const listingInput = () => listingCreateSchema.parse(validListing);

// Reports, suspension, hidden listings and removed reviews through the real app (issue 23,
// PRODUCT.md section 8): what each does to the account, its listings, its bookings, its
// conversations and its sign-in; who may do it; and the record each leaves.

describe('moderation', () => {
  const t = useTestApp();
  const call = api(t);
  let n = 0;

  async function operator() {
    const email = `mod-ops${++n}@example.com`;
    const cookie = await signIn(t, email);
    await setOperator(t.database.db, email, true);
    return cookie;
  }

  async function person(prefix: string) {
    const email = `${prefix}${++n}@example.com`;
    const cookie = await signIn(t, email);
    return { email, cookie, id: await userIdOf(t, cookie) };
  }

  /** A guest's request to the host's listing, `from` days ahead, for two nights. */
  async function request(guest: string, listingId: string, from: number) {
    await addPet(t, guest, { name: 'Bruno', size: 's' });
    const res = await call('POST', '/api/bookings/create', guest, { listingId, fromDate: inDays(from), toDate: inDays(from + 2), size: 'small' });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  const inSearch = async (listingId: string) =>
    (await call('GET', '/api/search?city=Ahmedabad&pageSize=100')).json().results.some((c: { id: string }) => c.id === listingId);

  const history = async (ops: string, type: string, id: string) =>
    (await call('GET', `/api/ops/history?target_type=${type}&target_id=${id}`, ops)).json().results.map((r: { action: string; reason: string | null }) => [r.action, r.reason]);

  it('suspends an account: signed out everywhere, no sign-in, listings out of view, open bookings ended and refunded, conversations closed', async () => {
    const ops = await operator();
    const host = await person('mod-host');
    const secondSession = await signIn(t, host.email);
    const listing = await createListing(t, host.cookie);
    const waiting = await person('mod-guest');
    const paying = await person('mod-guest');
    const requested = await request(waiting.cookie, listing.id, 20);
    const paid = await request(paying.cookie, listing.id, 30);
    expect((await call('POST', `/api/bookings/${paid}/accept`, host.cookie)).statusCode).toBe(200);
    await payForStay(t, paying.cookie, paid);
    const conversation = (await call('POST', '/api/conversations', paying.cookie, { bookingId: paid })).json().id as string;
    expect(await inSearch(listing.id)).toBe(true);

    const refused = await call('POST', `/api/ops/users/${host.id}/suspend`, ops, { reason: 'short' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Give a reason of at least 10 characters');

    const mailsBefore = t.mail.length;
    const res = await call('POST', `/api/ops/users/${host.id}/suspend`, ops, { reason: 'Fake listing photos, reported twice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: host.id, email: host.email });
    expect(res.json().suspended_at).not.toBeNull();
    expect((await call('POST', `/api/ops/users/${host.id}/suspend`, ops, { reason: 'Fake listing photos, again' })).statusCode).toBe(409);

    // Both sessions end at once.
    for (const cookie of [host.cookie, secondSession]) {
      expect((await call('GET', '/api/auth/session', cookie)).json()).toEqual({ user: null });
      expect((await call('GET', '/api/host/listings', cookie)).statusCode).toBe(401);
    }
    // The listing leaves search and its page, for everyone but operators.
    expect(await inSearch(listing.id)).toBe(false);
    expect((await call('GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${listing.id}`, waiting.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${listing.id}`, ops)).json()).toMatchObject({ listed: false, hidden: false });
    // The open request is declined and the paid stay cancelled by the host, refunded in full; each guest is told.
    expect((await storedBooking(t, requested)).status).toBe('declined');
    expect((await storedBooking(t, paid)).status).toBe('cancelled');
    const [refund] = await rawRows<{ amount_paise: number; reason: string }>(t.database.db, sql`select amount_paise, reason from refunds where booking_id = ${paid}`);
    const [booking] = await rawRows<{ total_paise: number }>(t.database.db, sql`select total_paise from bookings where id = ${paid}`);
    expect(refund).toEqual({ amount_paise: booking!.total_paise, reason: 'host_cancelled' });
    const sent = t.mail.slice(mailsBefore);
    expect(sent.find((m) => m.to === waiting.email)?.subject).toMatch(/was declined/);
    expect(sent.find((m) => m.to === paying.email)?.subject).toMatch(/The host cancelled your stay/);
    expect(sent.find((m) => m.to === host.email)?.subject).toBe('Your PawStay account is suspended');
    // The guest's conversation says so, and takes no more messages.
    expect((await call('GET', `/api/conversations/${conversation}`, paying.cookie)).json()).toMatchObject({ other_active: false });
    const post = await call('POST', `/api/conversations/${conversation}/messages`, paying.cookie, { body: 'Are you there?' });
    expect(post.statusCode).toBe(409);
    expect(post.json().error.message).toBe(INACTIVE_ACCOUNT);

    // Signing in answers as for any address; the mailbox is told why no code came; no code opens it.
    const send = await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { email: host.email }, remoteAddress: '203.0.113.9' });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ ok: true });
    expect(t.mail.at(-1)).toMatchObject({ to: host.email, subject: 'Your PawStay account is suspended' });
    const [code] = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from auth_codes where email = ${host.email}`);
    expect(code!.n).toBeGreaterThan(0);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { email: host.email, code: '123456' },
      remoteAddress: '203.0.113.9',
      headers: { cookie: browserCookieOf(send.headers['set-cookie'])! },
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().error.message).toMatch(/^Invalid OTP/);

    // Restored: signs in again, the listing is back; the record has both, with their reasons.
    expect((await call('POST', `/api/ops/users/${host.id}/restore`, ops, { reason: 'Photos checked on a call' })).json().suspended_at).toBeNull();
    expect(await inSearch(listing.id)).toBe(true);
    const back = await signIn(t, host.email);
    expect((await call('GET', '/api/auth/session', back)).json().user.email).toBe(host.email);
    expect(await history(ops, 'user', host.id)).toEqual([
      ['suspend_user', 'Fake listing photos, reported twice'],
      ['restore_user', 'Photos checked on a call'],
    ]);
    const self = await call('POST', `/api/ops/users/${await userIdOf(t, ops)}/suspend`, ops, { reason: 'Suspending myself is refused' });
    expect(self.statusCode).toBe(409);
  });

  it("a suspended guest's paid stay is cancelled and refunded in full, and its host told", async () => {
    const ops = await operator();
    const host = await person('mod-host');
    const listing = await createListing(t, host.cookie);
    const guest = await person('mod-guest');
    const paid = await request(guest.cookie, listing.id, 40);
    await call('POST', `/api/bookings/${paid}/accept`, host.cookie);
    await payForStay(t, guest.cookie, paid);
    expect((await call('POST', `/api/ops/users/${guest.id}/suspend`, ops, { reason: 'Abusive messages to hosts' })).statusCode).toBe(200);
    expect((await storedBooking(t, paid)).status).toBe('cancelled');
    const [refund] = await rawRows<{ amount_paise: number }>(t.database.db, sql`select amount_paise from refunds where booking_id = ${paid}`);
    const [booking] = await rawRows<{ total_paise: number }>(t.database.db, sql`select total_paise from bookings where id = ${paid}`);
    expect(refund!.amount_paise).toBe(booking!.total_paise);
    expect(t.mail.filter((m) => m.to === host.email).at(-1)!.subject).toMatch(/^Cancelled: /);
    // The nights are free again.
    const [holds] = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from calendar_holds where booking_id = ${paid}`);
    expect(holds!.n).toBe(0);
  });

  it('holds against what a suspended account had under way: a request, a new listing', async () => {
    const ops = await operator();
    const host = await person('mod-late');
    const listing = await createListing(t, host.cookie);
    const guest = await person('mod-late-guest');
    await addPet(t, guest.cookie, { name: 'Moti', size: 's' });
    expect((await call('POST', `/api/ops/users/${guest.id}/suspend`, ops, { reason: 'Fake identity, reported' })).statusCode).toBe(200);
    expect((await call('POST', `/api/ops/users/${host.id}/suspend`, ops, { reason: 'Fake identity, reported' })).statusCode).toBe(200);
    // Past the session check already (a request that was under way), the services still refuse.
    const late = requestBooking({ db: t.database.db, publicUrl: 'http://localhost', testMode: true }, guest.id, {
      listingId: listing.id, fromDate: inDays(60), toDate: inDays(62), size: 'small', note: '',
    } as never);
    await expect(late).rejects.toMatchObject({ statusCode: 404 });
    const another = await createListing(t, (await person('mod-late-host2')).cookie);
    await expect(
      requestBooking({ db: t.database.db, publicUrl: 'http://localhost', testMode: true }, guest.id, { listingId: another.id, fromDate: inDays(60), toDate: inDays(62), size: 'small', note: '' } as never),
    ).rejects.toMatchObject({ statusCode: 401 });
    const created = await createListingAs(t.database.db, host.id, listingInput());
    expect(created.listed).toBe(false);
  });

  it("shows an account's listings, bookings and payments to operators, read only", async () => {
    const ops = await operator();
    const host = await person('mod-look');
    const listing = await createListing(t, host.cookie, { title: 'Garden flat for calm dogs' });
    const guest = await person('mod-look-guest');
    const paid = await request(guest.cookie, listing.id, 50);
    await call('POST', `/api/bookings/${paid}/accept`, host.cookie);
    await payForStay(t, guest.cookie, paid);

    const found = await call('GET', `/api/ops/users?email=${encodeURIComponent(host.email.slice(0, 9))}`, ops);
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((u: { email: string }) => u.email)).toContain(host.email);
    // LIKE's wildcards are only letters here.
    expect((await call('GET', '/api/ops/users?email=%25%25%25', ops)).json().results).toEqual([]);
    expect((await call('GET', '/api/ops/users?email=ab', ops)).statusCode).toBe(400);

    const account = (await call('GET', `/api/ops/users/${host.id}`, ops)).json();
    expect(account.listings).toEqual([{ id: listing.id, host_id: host.id, title: 'Garden flat for calm dogs', city: 'Ahmedabad', status: 'active', hidden: false, listed: true }]);
    const [booking] = await rawRows<{ total_paise: number }>(t.database.db, sql`select total_paise from bookings where id = ${paid}`);
    expect(account.bookings).toEqual([
      expect.objectContaining({ id: paid, role: 'host', other_party: guest.email, status: 'confirmed', paid_paise: booking!.total_paise, refunded_paise: 0 }),
    ]);
    const asGuest = (await call('GET', `/api/ops/users/${guest.id}`, ops)).json();
    expect(asGuest.bookings).toEqual([expect.objectContaining({ id: paid, role: 'guest', other_party: host.email })]);
    expect((await call('GET', `/api/ops/users/${crypto.randomUUID()}`, ops)).statusCode).toBe(404);
    // Operators read the exact address; nobody else but the host and the paying guest does.
    expect((await call('GET', `/api/listings/${listing.id}`, ops)).json()).toMatchObject({ exact_location: true });
  });

  it('hides a listing from everyone but its host and operators, who alone can show it again', async () => {
    const ops = await operator();
    const host = await person('mod-hide');
    const listing = await createListing(t, host.cookie);
    const res = await call('POST', `/api/ops/listings/${listing.id}/hide`, ops, { reason: 'Photos are of a hotel' });
    expect(res.json()).toEqual({ id: listing.id, host_id: host.id, title: listing.title, city: 'Ahmedabad', status: 'active', hidden: true, listed: false });
    expect(await inSearch(listing.id)).toBe(false);
    expect((await call('GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/listings/${listing.id}`, host.cookie)).json()).toMatchObject({ hidden: true, listed: false, is_owner: true });
    expect((await call('GET', '/api/host/listings', host.cookie)).json().results[0]).toMatchObject({ hidden: true });
    // Not one of the host's active listings any more, in their stats either.
    expect((await call('GET', '/api/host/stats', host.cookie)).json().total_listings).toBe(0);
    // Pausing and resuming is the host's; it does not show a hidden listing.
    await call('PATCH', `/api/listings/${listing.id}`, host.cookie, { status: 'inactive' });
    await call('PATCH', `/api/listings/${listing.id}`, host.cookie, { status: 'active' });
    expect(await inSearch(listing.id)).toBe(false);
    const guest = await person('mod-hide-guest');
    await addPet(t, guest.cookie, { name: 'Moti', size: 's' });
    const refused = await call('POST', '/api/bookings/create', guest.cookie, { listingId: listing.id, fromDate: inDays(5), toDate: inDays(7), size: 'small' });
    expect(refused.statusCode).toBe(404);

    expect((await call('POST', `/api/ops/listings/${listing.id}/hide`, ops, { reason: 'Photos are of a hotel' })).statusCode).toBe(409);
    expect((await call('POST', `/api/ops/listings/${listing.id}/restore`, ops, { reason: 'Host sent real photos' })).json()).toMatchObject({ hidden: false, listed: true });
    expect(await inSearch(listing.id)).toBe(true);
    expect(await history(ops, 'listing', listing.id)).toEqual([
      ['hide_listing', 'Photos are of a hotel'],
      ['restore_listing', 'Host sent real photos'],
    ]);
    expect((await call('POST', `/api/ops/listings/${crypto.randomUUID()}/hide`, ops, { reason: 'No such listing here' })).statusCode).toBe(404);
  });

  it('takes reports of what the reporter can see, counts a repeat once, and lets an operator dismiss or uphold them', async () => {
    const ops = await operator();
    const stay = await completedStay(t);
    const review = await call('POST', `/api/bookings/${stay.bookingId}/review`, stay.guest, { rating: 1, body: 'Terrible place, the host shouted at my dog the whole time.' });
    expect(review.statusCode).toBe(201);
    await t.database.db.execute(sql`update reviews set published_at = now() where booking_id = ${stay.bookingId}`);
    const reviewId = review.json().id as string;
    const reporter = await person('mod-reporter');
    const other = await person('mod-reporter');

    const report = (cookie: string | undefined, body: object) => call('POST', '/api/reports', cookie, body);
    const listingReport = { target_type: 'listing', target_id: stay.listingId, reason: 'misleading', details: 'The photos are not of this flat.' };
    expect((await report(undefined, listingReport)).statusCode).toBe(401);
    const first = await report(reporter.cookie, listingReport);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: REPORT_MESSAGES.thanks });
    // The same report again is thanked the same, and counts once.
    expect((await report(reporter.cookie, { ...listingReport, reason: 'scam' })).json()).toEqual({ message: REPORT_MESSAGES.thanks });
    await report(other.cookie, { ...listingReport, details: '' });
    expect((await report(reporter.cookie, { target_type: 'review', target_id: reviewId, reason: 'other', details: 'short' })).json().error.message).toBe(REPORT_MESSAGES.detailsNeeded);
    expect((await report(reporter.cookie, { target_type: 'review', target_id: reviewId, reason: 'abusive' })).statusCode).toBe(200);
    // Nothing reaches what the reporter cannot see: a message of others, an unknown id, their own listing.
    const conversation = (await call('POST', '/api/conversations', stay.guest, { bookingId: stay.bookingId })).json().id as string;
    const message = (await call('POST', `/api/conversations/${conversation}/messages`, stay.host, { body: 'Pay me outside the app and get 20% off' })).json();
    expect((await report(reporter.cookie, { target_type: 'message', target_id: message.id, reason: 'scam' })).statusCode).toBe(404);
    // The guest in that conversation may report it; the host may not report their own.
    expect((await report(stay.guest, { target_type: 'message', target_id: message.id, reason: 'scam' })).statusCode).toBe(200);
    expect((await report(stay.host, { target_type: 'message', target_id: message.id, reason: 'scam' })).json().error.message).toBe(REPORT_MESSAGES.ownContent);
    expect((await report(reporter.cookie, { target_type: 'listing', target_id: crypto.randomUUID(), reason: 'scam' })).json().error.message).toBe(REPORT_MESSAGES.notFound);
    expect((await report(stay.host, listingReport)).json().error.message).toBe(REPORT_MESSAGES.ownContent);

    const queue = (await call('GET', '/api/ops/reports', ops)).json().results as { target_type: string; target_id: string; reports: unknown[]; subject: { id: string }; excerpt: string; link: string | null }[];
    const onListing = queue.find((r) => r.target_id === stay.listingId)!;
    expect(onListing.reports).toHaveLength(2);
    expect(onListing).toMatchObject({ target_type: 'listing', subject: { id: await userIdOf(t, stay.host) }, link: `/listing/${stay.listingId}` });
    const onReview = queue.find((r) => r.target_id === reviewId)!;
    expect(onReview.excerpt).toMatch(/^Terrible place/);

    // Dismissed: gone from the queue; recorded against the listing.
    expect((await call('POST', '/api/ops/reports/dismiss', ops, { target_type: 'listing', target_id: stay.listingId, reason: 'Photos match the call' })).json()).toEqual({ closed: 2, outcome: 'dismissed' });
    expect((await call('POST', '/api/ops/reports/dismiss', ops, { target_type: 'listing', target_id: stay.listingId })).statusCode).toBe(404);
    // Upheld: the review is removed, no longer shown nor counted, and its reports closed.
    expect((await listingRating(t, stay.listingId)).reviews_count).toBe(1);
    expect((await call('POST', `/api/ops/reviews/${reviewId}/remove`, ops, { reason: 'Abusive, names the host' })).json()).toEqual({ id: reviewId, removed: true });
    expect(await listingRating(t, stay.listingId)).toEqual({ rating: 0, reviews_count: 0 });
    expect((await call('GET', `/api/listings/${stay.listingId}/reviews`)).json().results).toEqual([]);
    expect((await call('GET', '/api/ops/reports', ops)).json().results.filter((r: { target_id: string }) => [reviewId, stay.listingId].includes(r.target_id))).toEqual([]);
    expect((await call('POST', `/api/ops/reviews/${reviewId}/remove`, ops, { reason: 'Abusive, names the host' })).statusCode).toBe(404);
    expect(await history(ops, 'listing', stay.listingId)).toEqual([['dismiss_reports', 'Photos match the call']]);
    const [statuses] = await rawRows<{ dismissed: number; upheld: number }>(t.database.db, sql`
      select count(*) filter (where status = 'dismissed')::int as dismissed, count(*) filter (where status = 'upheld')::int as upheld
      from reports where target_id in (${stay.listingId}, ${reviewId})`);
    expect(statuses).toEqual({ dismissed: 2, upheld: 1 });
  });

  it('takes a report of a host the reporter can see, answers any other account as missing, and refuses one of oneself', async () => {
    const report = (cookie: string, id: string) => call('POST', '/api/reports', cookie, { target_type: 'user', target_id: id, reason: 'scam', details: 'Asks guests to pay by UPI before booking.' });
    const host = await person('mod-rep-host');
    await createListing(t, host.cookie);
    const reporter = await person('mod-rep-reporter');

    const seen = await report(reporter.cookie, host.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ message: REPORT_MESSAGES.thanks });

    // Accounts the reporter cannot see: one with no listing (and no conversation with them), a
    // host whose only listing is paused, and an id that is no account. Each reads as missing.
    const unseen = await person('mod-rep-unseen');
    const paused = await person('mod-rep-paused');
    const pausedListing = await createListing(t, paused.cookie);
    expect((await call('PATCH', `/api/listings/${pausedListing.id}`, paused.cookie, { status: 'inactive' })).statusCode).toBe(200);
    for (const id of [unseen.id, paused.id, crypto.randomUUID()]) {
      const res = await report(reporter.cookie, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(REPORT_MESSAGES.notFound);
    }

    // A host anyone can see, reporting themselves.
    const self = await report(host.cookie, host.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(REPORT_MESSAGES.ownContent);

    // The one report taken reaches the queue, about the host.
    const queue = (await call('GET', '/api/ops/reports', await operator())).json().results as { target_type: string; target_id: string; subject: { id: string }; reports: unknown[] }[];
    expect(queue.filter((r) => r.target_type === 'user' && [host.id, unseen.id, paused.id].includes(r.target_id))).toEqual([
      expect.objectContaining({ target_id: host.id, subject: expect.objectContaining({ id: host.id }), reports: [expect.objectContaining({ reason: 'scam', reporter: reporter.email })] }),
    ]);
  });

  it(`caps a reporter at ${REPORTS_PER_DAY} reports a day`, async () => {
    const reporter = await person('mod-flood');
    const hosts = [];
    for (let i = 0; i <= REPORTS_PER_DAY; i++) hosts.push(await createListing(t, (await person('mod-flood-host')).cookie));
    const answers = await Promise.all(hosts.map((l) => call('POST', '/api/reports', reporter.cookie, { target_type: 'listing', target_id: l.id, reason: 'spam' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(REPORTS_PER_DAY);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().error.message).toBe(REPORT_MESSAGES.tooMany);
  });

  it('lets no operator act on their own account, listing, reviews, verification or the reports about them', async () => {
    const opsEmail = `mod-self${++n}@example.com`;
    const self = await signIn(t, opsEmail);
    await setOperator(t.database.db, opsEmail, true);
    const selfId = await userIdOf(t, self);
    const stay = await completedStay(t, { at: { host: self, listingId: (await createListing(t, self)).id } });
    const review = (await call('POST', `/api/bookings/${stay.bookingId}/review`, stay.guest, { rating: 2, body: 'The flat was fine but the host was never there.' })).json();
    await t.database.db.execute(sql`update reviews set published_at = now() where id = ${review.id}`);
    await call('POST', '/api/reports', stay.guest, { target_type: 'listing', target_id: stay.listingId, reason: 'misleading' });
    const [attempt] = await rawRows<{ id: string }>(t.database.db, sql`
      insert into host_verifications (host_id, status, id_type, photos_confirmed_at, call_at, submitted_at)
      values (${selfId}, 'submitted', 'pan', now(), now() + interval '3 days', now()) returning id`);

    const refused = [
      await call('POST', `/api/ops/users/${selfId}/suspend`, self, { reason: 'Suspending my own account' }),
      // Ids in capitals are the same ids (found by the fuzz suite: it suspended its own operator).
      await call('POST', `/api/ops/users/${selfId.toUpperCase()}/suspend`, self, { reason: 'Suspending my own account' }),
      await call('POST', `/api/ops/users/${selfId.toUpperCase()}/restore`, self, { reason: 'Restoring my own account' }),
      await call('POST', `/api/ops/listings/${stay.listingId.toUpperCase()}/hide`, self, { reason: 'Hiding my own listing' }),
      await call('POST', `/api/ops/users/${selfId}/restore`, self, { reason: 'Restoring my own account' }),
      await call('POST', `/api/ops/listings/${stay.listingId}/hide`, self, { reason: 'Hiding my own listing' }),
      await call('POST', `/api/ops/reviews/${review.id}/remove`, self, { reason: 'Removing a review of my listing' }),
      await call('POST', '/api/ops/reports/dismiss', self, { target_type: 'listing', target_id: stay.listingId }),
      await call('POST', `/api/ops/verifications/${attempt!.id}/approve`, self),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(SELF_ACTION);
    }
    expect(await history(self, 'listing', stay.listingId)).toEqual([]);
    // Another operator decides.
    const other = await operator();
    expect((await call('POST', '/api/ops/reports/dismiss', other, { target_type: 'listing', target_id: stay.listingId })).statusCode).toBe(200);
    expect((await call('POST', `/api/ops/verifications/${attempt!.id}/approve`, other)).statusCode).toBe(200);
  });

  it('answers anyone but an operator as if the console routes did not exist, changing nothing', async () => {
    const host = await person('mod-probe');
    const listing = await createListing(t, host.cookie);
    const stranger = await person('mod-probe');
    for (const cookie of [undefined, stranger.cookie, host.cookie]) {
      for (const [method, url, body] of [
        ['GET', '/api/ops/users?email=mod', undefined],
        ['GET', `/api/ops/users/${host.id}`, undefined],
        ['POST', `/api/ops/users/${host.id}/suspend`, { reason: 'Trying to suspend someone' }],
        ['POST', `/api/ops/listings/${listing.id}/hide`, { reason: 'Trying to hide a rival' }],
        ['GET', '/api/ops/reports', undefined],
        ['POST', '/api/ops/reports/dismiss', { target_type: 'listing', target_id: listing.id }],
      ] as const) {
        const res = await call(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.message).toBe(`No route for ${method} ${url.split('?')[0]}`);
      }
    }
    expect(await inSearch(listing.id)).toBe(true);
    expect((await call('GET', '/api/auth/session', host.cookie)).json().user).not.toBeNull();
  });
});
