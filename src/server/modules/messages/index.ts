// What others may use of messages: its periodic job (jobs/index.ts).
export { mailUnreadMessages } from './unread-mail';
