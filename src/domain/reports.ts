// Reports (issue 23, PRODUCT.md section 8): what a signed-in user may report, why, and what an
// operator may do about it. Shared by the report form, the server that checks it, the table's
// checks and the console that reads reports out.

export const REPORT_TARGETS = ['listing', 'review', 'message', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The fixed reasons, the last being the reporter's own words. */
export const REPORT_REASONS = ['unsafe', 'misleading', 'scam', 'abusive', 'discrimination', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  unsafe: 'Unsafe for pets or people',
  misleading: 'Inaccurate or misleading',
  scam: 'Scam or asks to pay outside PawStay',
  abusive: 'Abusive or harassing',
  discrimination: 'Discriminatory',
  spam: 'Spam',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;
/** How many reports one user may send in a day: enough for anyone honest, too few to flood the queue. */
export const REPORTS_PER_DAY = 20;

/** What the report form is titled, per kind of target. */
export const REPORT_TITLES: Record<ReportTarget, string> = {
  listing: 'Report this listing',
  review: 'Report this review',
  message: 'Report this message',
  user: 'Report this host',
};

export const REPORT_MESSAGES = {
  thanks: 'Thanks for telling us. Our team will look into it.',
  detailsNeeded: 'Tell us what is wrong (at least 10 characters)',
  notFound: 'There is nothing to report here',
  ownContent: 'You cannot report yourself or what you wrote',
  tooMany: 'You have sent many reports today. Please try again tomorrow, or write to us from the Contact page.',
} as const;

/** What an operator decides about a reported thing: each open report of it is closed with that. */
export const REPORT_OUTCOMES = ['dismissed', 'upheld'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The message shown where a suspended account used to be (a conversation, a request). */
export const INACTIVE_ACCOUNT = /*i18n*/ 'This account is no longer active';
