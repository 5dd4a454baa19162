// A branch of the web's query-key tree (index.ts, decision 045).

export const notifications = {
  all: ['notifications'] as const,
  /** The header bell's count. */
  unread: ['notifications', 'unread'] as const,
  /** The pages of /notifications. */
  list: ['notifications', 'list'] as const,
  /** The channels per topic and quiet hours of /settings/notifications. */
  settings: ['notifications', 'settings'] as const,
};
