// What other modules may use of profiles: the account behind a sign-in (its answer's shape is
// the contract's, domain/contracts/profile.ts), and the changes of an account others make (the
// users table is this module's, decision 044).
export { findOrCreateUser, getProfile, updateProfile } from './service';
export { insertUserIfMissing, markUserVerified, selectOperatorEmails, setUserOperator, setUserSuspended } from './queries';
export { purgeOldPhoneCodes, sendPhoneCode, verifyPhoneCode } from './phone';
export { settleLanguageAtSignIn } from './language';
