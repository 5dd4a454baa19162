// A branch of the web's query-key tree (index.ts, decision 045).

export const messages = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  unread: ['messages', 'unread'] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
};
