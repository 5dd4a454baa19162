// The sign-in rules of PRODUCT.md section 3, in one place.
export const AUTH_POLICY = {
  codeTtlMs: 10 * 60_000,
  maxWrongAttempts: 5,
  /**
   * The window of the send limits below, and how long the link in a sign-in e-mail works (issue
   * 34): one length, so that whenever the strangers' ceiling refuses a send, each mail it counts
   * holds a link that still works (auth/links.ts).
   */
  sendWindowMs: 60 * 60_000,
  /** Codes one browser may ask for one address in the window. */
  sendsPerBrowserPerHour: 5,
  /**
   * Codes an address may be sent in the window at the request of browsers that have never signed
   * in to it, whose links still work: the ceiling on mail to an inbox from strangers, and on their
   * guesses (5 codes x 5 tries, as many as anyone had before codes were bound to browsers). Its
   * owner's browsers are not held by it, and a browser it holds has a link in the inbox.
   */
  strangerSendsPerEmailPerHour: 5,
  sendsPerIpPerHour: 20,
  /** A code's row is kept this long after it is asked for (the hourly limits count it), then deleted. */
  keepCodesMs: 86_400_000,
  sessionIdleMs: 14 * 86_400_000,
  sessionAbsoluteMs: 60 * 86_400_000,
  /** A used session's expiry is pushed forward at most this often (one write, one cookie). */
  renewAfterMs: 60 * 60_000,
  cookieName: 'pawstay_session',
  /** The browser's sign-in token: codes are bound to it (auth/codes.ts). */
  browserCookieName: 'pawstay_browser',
  browserCookieMaxAgeS: 365 * 86_400,
} as const;
