// What other features may use of host verification: the dashboard's card, and /host's first data.
export { default as VerificationCard } from './verification-card';
export { verificationQuery } from './api';
