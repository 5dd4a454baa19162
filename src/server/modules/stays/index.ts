// What other modules may use of stays: its step of the lifecycle job (jobs/lifecycle.ts), the sweep
// of photo files no update names (jobs/index.ts), and the services the demo data is made with
// (db/seed/stays-demo.ts), as real use makes it.
export { checkIn, postUpdate, remindStayUpdates, saveCareSheet, type StayDeps, sweepStayPhotos } from './service';
export { removeStoredPhotos, storeUpdatePhoto } from './upload';
export type { StoredUpdatePhoto } from './queries';
