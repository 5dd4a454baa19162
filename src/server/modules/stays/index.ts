// What other modules may use of stays: its step of the lifecycle job (jobs/lifecycle.ts), the sweep
// of photo files no update names (jobs/index.ts), and the services the demo data is made with
// (db/seed/stays-demo.ts), as real use makes it; and the incidents of a stay for the operators'
// console (ops/incidents.ts), which brings the money to them, with the photos sent on a report.
export { askAboutMissedArrivals } from './arrival';
export { checkIn, postUpdate, readIncidentPhoto, remindStayUpdates, reportStayProblem, saveCareSheet, type StayDeps, sweepStayPhotos } from './service';
export { incidentForOperator, lockIncidentForOperator, messageBothSides, type OperatorIncident, resolveIncident } from './incidents';
export { selectOpenIncidents, selectOtherIncidents } from './queries';
export { selectUpdates } from './queries';
export { removeStoredPhotos, storeUpdatePhoto } from './upload';
export type { StoredUpdatePhoto } from './queries';
