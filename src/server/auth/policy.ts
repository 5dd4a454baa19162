// The sign-in rules of PRODUCT.md section 3, in one place.
export const AUTH_POLICY = {
  codeTtlMs: 10 * 60_000,
  maxWrongAttempts: 5,
  sendsPerEmailPerHour: 5,
  sendsPerIpPerHour: 20,
  sessionIdleMs: 14 * 86_400_000,
  sessionAbsoluteMs: 60 * 86_400_000,
  /** A used session's expiry is pushed forward at most this often (one write, one cookie). */
  renewAfterMs: 60 * 60_000,
  cookieName: 'pawstay_session',
} as const;
