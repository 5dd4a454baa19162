// What other modules may use of stays: its step of the lifecycle job (jobs/lifecycle.ts).
export { remindStayUpdates } from './service';
