import { lazy } from 'react';

// What other features may use of stays: the route, where a booking's stay page is, and a care
// sheet and a report's photos as they read (the operators' console shows them beside a problem on the stay).
export { staysRoutes } from './routes';
export { stageWords } from './stage-words';
export const stayPath = (bookingId: string) => `/stays/${bookingId}`;
/** Loaded when shown: the app's main bundle, which holds this index, must not carry it. */
export const CareSheetView = /* @__PURE__ */ lazy(() => import('./components/care-sheet-view').then((m) => ({ default: m.CareSheetView })));
/** The photos sent with a report, as the operators' console shows them: loaded when shown, as above. */
export const StayPhotos = /* @__PURE__ */ lazy(() => import('./components/stay-photos').then((m) => ({ default: m.StayPhotos })));
