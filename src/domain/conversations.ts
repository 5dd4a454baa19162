// Conversations and messages (issue 7): the rules the browser and the server share, without zod,
// so that the messages page's first view can use them. The answers' shapes are the contract's
// (domain/contracts/message.ts).

export const MESSAGE_LIMITS = { bodyMax: 2000, pageSize: 50 } as const;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first',
  tooLong: `Messages can be at most ${MESSAGE_LIMITS.bodyMax.toLocaleString('en-IN')} characters`,
} as const;

/** My side of a booking's conversation. */
export const CONVERSATION_ROLES = ['guest', 'host'] as const;
export type Role = (typeof CONVERSATION_ROLES)[number];
