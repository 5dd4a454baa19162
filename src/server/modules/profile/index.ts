// What other modules may use of profiles: the account behind a sign-in (its answer's shape is
// the contract's, domain/contracts/profile.ts).
export { findOrCreateUser, getProfile } from './service';
