// What other modules may use of meets: its step of the lifecycle job (jobs/lifecycle.ts), and the
// services the demo data is made with (db/seed), as real use makes it.
export { confirmMeet, markMeet, type MeetDeps, proposeMeet, remindMeets } from './service';
