// What other features use of meets: the meet & greet panel of a booking card (its form loads when
// it is opened).
export { MeetPanel, meetNeededId } from './meet-panel';
