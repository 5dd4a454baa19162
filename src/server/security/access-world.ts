import type { TestContext } from '../test/app';
import { signIn } from '../test/auth';
import { createListing, testJpeg, uploadPhotos } from '../test/listings';
import { addPet, api, inDays, userIdOf } from '../modules/bookings/test-support';
import { moveStayIntoPast } from '../modules/reviews/test-support';
import { payForStay } from '../modules/payments/test-support';

// The small world the access matrix (access-matrix.test.ts) is played against: host A with a
// listing (two photos), a paused listing and bookings in every state that matters; guest G with
// pets, a favorite and a conversation; O, a signed-in user with nothing to do with either (O hosts
// a listing and a pet of their own, so that O can pair an id of theirs with one of A's or G's).

export type Actor = 'anon' | 'O' | 'A' | 'G';
export const ACTORS: readonly Actor[] = ['anon', 'O', 'A', 'G'];

export type User = { cookie: string; id: string; email: string };

export type World = {
  A: User;
  G: User;
  O: User;
  listing: { id: string; photoIds: [string, string] };
  paused: { id: string; title: string };
  /** O's own listing and photo, for requests that pair an id of one's own with someone else's. */
  othersListing: { id: string; photoId: string };
  bookedPet: { id: string; name: string };
  sparePet: { id: string; name: string };
  bookings: { accepted: string; toAccept: string; toDecline: string; toCancel: string; toHostCancel: string; completed: string; paid: string };
  /** The GST invoice of the paid stay: G's as its recipient, A's as its supplier. */
  invoiceId: string;
  conversationId: string;
  message: string;
  /** Strings that must never appear in an answer to the actors not named. */
  secrets: { ofA: string[]; ofG: string[]; ofAAndG: string[] };
};

/** A user signed in through the real endpoints, with a name. */
export async function newUser(t: TestContext, email: string, name: string): Promise<User> {
  const cookie = await signIn(t, email);
  const res = await api(t)('PATCH', '/api/me', cookie, { name });
  if (res.statusCode !== 200) throw new Error(`name: ${res.statusCode} ${res.body}`);
  return { cookie, email, id: await userIdOf(t, cookie) };
}

/** G's request for `pet` at the listing, `from` days ahead for two nights. */
export async function requestStay(t: TestContext, guest: string, listingId: string, petId: string, from: number): Promise<string> {
  const res = await api(t)('POST', '/api/bookings', guest, { listingId, petIds: [petId], fromDate: inDays(from), toDate: inDays(from + 2) });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

export async function accept(t: TestContext, host: string, bookingId: string): Promise<void> {
  const res = await api(t)('POST', `/api/bookings/${bookingId}/accept`, host);
  if (res.statusCode !== 200) throw new Error(`accept: ${res.statusCode} ${res.body}`);
}


export async function buildWorld(t: TestContext): Promise<World> {
  const call = api(t);
  const A = await newUser(t, 'matrix-host@example.com', 'Asha Host');
  const G = await newUser(t, 'matrix-guest@example.com', 'Gopal Guest');
  const O = await newUser(t, 'matrix-other@example.com', 'Omar Other');

  const listing = await createListing(t, A.cookie);
  const jpeg = await testJpeg(64, 48);
  const upload = await uploadPhotos(t, A.cookie, listing.id, [
    { filename: 'garden.jpg', content: jpeg },
    { filename: 'sofa.jpg', content: jpeg },
  ]);
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const photoIds = upload.json().added.map((p: { id: string }) => p.id) as [string, string];

  const othersListing = await createListing(t, O.cookie, { title: 'Omar\'s quiet flat in Thaltej' });
  const othersUpload = await uploadPhotos(t, O.cookie, othersListing.id, [{ filename: 'hall.jpg', content: jpeg }]);
  if (othersUpload.statusCode !== 201) throw new Error(`upload: ${othersUpload.statusCode} ${othersUpload.body}`);

  const pausedTitle = 'Secret paused flat in Satellite';
  const paused = await createListing(t, A.cookie, { title: pausedTitle });
  const pause = await call('PATCH', `/api/listings/${paused.id}`, A.cookie, { status: 'inactive' });
  if (pause.statusCode !== 200) throw new Error(`pause: ${pause.statusCode} ${pause.body}`);

  // O's own pet is large, a size A's listing does not take: O can name a pet, but books nothing.
  await addPet(t, O.cookie, { name: 'Bruno', size: 'xl' });
  const bookedPet = await addPet(t, G.cookie, { name: 'Biscuit-booked', size: 's' });
  // A dose on record, so that its certificate can be kept (and refused to all but G and A).
  const dose = await call('PATCH', `/api/pets/${bookedPet.id}`, G.cookie, { vaccinations: { rabies: inDays(-10) } });
  if (dose.statusCode !== 200) throw new Error(`vaccination: ${dose.statusCode} ${dose.body}`);
  const sparePet = await addPet(t, G.cookie, { name: 'Zorro-spare', size: 'm' });
  const fav = await t.app.inject({ method: 'PUT', url: `/api/favorites/${listing.id}`, headers: { cookie: G.cookie } });
  if (fav.statusCode !== 204) throw new Error(`favorite: ${fav.statusCode} ${fav.body}`);

  const accepted = await requestStay(t, G.cookie, listing.id, bookedPet.id, 10);
  await accept(t, A.cookie, accepted);
  const completed = await requestStay(t, G.cookie, listing.id, bookedPet.id, 60);
  await accept(t, A.cookie, completed);
  await moveStayIntoPast(t, completed, { checkoutDaysAgo: 1 });
  // A guest may hold 3 open requests for one home: two of these are for A's second home, so the
  // matrix's own requests for the first one stay within the limit.
  const secondHome = await createListing(t, A.cookie, { title: 'Asha\'s second home in Bodakdev' });
  const toAccept = await requestStay(t, G.cookie, listing.id, bookedPet.id, 20);
  const toDecline = await requestStay(t, G.cookie, secondHome.id, bookedPet.id, 24);
  const toCancel = await requestStay(t, G.cookie, secondHome.id, bookedPet.id, 28);
  const toHostCancel = await requestStay(t, G.cookie, secondHome.id, bookedPet.id, 32);
  await accept(t, A.cookie, toHostCancel);
  const paid = await requestStay(t, G.cookie, secondHome.id, bookedPet.id, 36);
  await accept(t, A.cookie, paid);
  await payForStay(t, G.cookie, paid);
  const invoiceId: string = (await call('GET', `/api/bookings/${paid}`, G.cookie)).json().documents[0].id;

  const opened = await call('POST', '/api/conversations', G.cookie, { bookingId: accepted });
  if (opened.statusCode !== 200) throw new Error(`conversation: ${opened.statusCode} ${opened.body}`);
  const conversationId: string = opened.json().id;
  const message = 'Private: the gate code is 4711 and Biscuit-booked eats at six';
  const sent = await call('POST', `/api/conversations/${conversationId}/messages`, G.cookie, { body: message });
  if (sent.statusCode !== 201) throw new Error(`message: ${sent.statusCode} ${sent.body}`);

  const bookings = { accepted, toAccept, toDecline, toCancel, toHostCancel, completed, paid };
  return {
    A,
    G,
    O,
    listing: { id: listing.id, photoIds },
    paused: { id: paused.id, title: pausedTitle },
    othersListing: { id: othersListing.id, photoId: othersUpload.json().added[0].id },
    bookedPet,
    sparePet,
    bookings,
    invoiceId,
    conversationId,
    message,
    secrets: {
      ofA: [A.email, pausedTitle, paused.id],
      ofG: [G.email, sparePet.name, sparePet.id],
      ofAAndG: [...Object.values(bookings), invoiceId, conversationId, message, bookedPet.name, bookedPet.id],
    },
  };
}

/** The strings `actor` must never be shown. */
export function forbiddenFor(w: World, actor: Actor): string[] {
  const { ofA, ofG, ofAAndG } = w.secrets;
  if (actor === 'A') return ofG;
  if (actor === 'G') return ofA;
  return [...ofA, ...ofG, ...ofAAndG];
}
