// What other features may use of host verification: the dashboard's card.
export { default as VerificationCard } from './verification-card';
