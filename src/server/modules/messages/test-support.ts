import { expect } from 'vitest';
import type { TestContext } from '../../test/app';
import { signIn } from '../../test/auth';
import { createListing } from '../../test/listings';
import { addPet, api, inDays } from '../bookings/test-support';

// What the message suites (messages.test.ts, stream.test.ts) start from: a guest, a host and a
// stranger signed in, and the conversation of the guest's booking at the host's listing.

export async function openConversation(t: TestContext) {
  const call = api(t);
  const [guest, host, stranger] = await Promise.all([signIn(t, 'msg-guest@example.com'), signIn(t, 'msg-host@example.com'), signIn(t, 'msg-stranger@example.com')]);
  await call('PATCH', '/api/me', guest, { name: 'Gita Guest' });
  await call('PATCH', '/api/me', host, { name: 'Harsh Host' });
  const listing = await createListing(t, host);
  const pet = await addPet(t, guest, { name: 'Bruno', size: 'm' });
  const booked = await call('POST', '/api/bookings', guest, { listingId: listing.id, petIds: [pet.id], fromDate: inDays(20), toDate: inDays(23), note: '' });
  expect(booked.statusCode).toBe(201);
  const bookingId: string = booked.json().id;
  const opened = await call('POST', '/api/conversations', guest, { bookingId });
  expect(opened.statusCode).toBe(200);
  const conversationId: string = opened.json().id;
  return { guest, host, stranger, bookingId, conversationId };
}
