// What other features may use of messages.
export { MessageButton } from './message-button';
