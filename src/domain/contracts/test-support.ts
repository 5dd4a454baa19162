import type { Message } from './message';

// Answers as the API gives them, for the tests of both sides: the server's message hub and the
// web's thread cache build on the same message.

/** Message `seq` of one conversation, sent by me. */
export const sampleMessage = (seq: number): Message => ({
  id: `m${seq}`,
  seq,
  conversation_id: 'c1',
  body: `message ${seq}`,
  created_at: '2026-11-22T10:00:00.000Z',
  mine: true,
  sender_name: 'Asha',
  client_id: null,
});
