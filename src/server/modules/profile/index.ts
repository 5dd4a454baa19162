// What other modules may use of profiles: the account behind a sign-in, and its answer's shape.
export { profileResponse } from './schemas';
export { findOrCreateUser, getProfile } from './service';
