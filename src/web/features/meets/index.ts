// What other features use of meets: the meet & greet panel of a booking card (its code loads with
// the first card that shows one), and the id of its line the host's Accept points at.
export { MeetPanel } from './lazy-meet-panel';
export { meetNeededId } from './meet-ids';
