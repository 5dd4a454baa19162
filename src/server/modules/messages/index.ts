// What others may use of messages: its periodic job (jobs/index.ts), and a booking's conversation
// for operators looking into a problem on the stay (ops/incidents.ts).
export { mailUnreadMessages } from './unread-mail';
export { selectBookingMessages } from './queries';
