// What other features may use of messages, and the app: the header's unread count and live stream, the route.
export { MessageButton } from './message-button';
export { unreadQuery } from './live-cache';
export { LiveMessages } from './live';
export { messagesRoutes } from './routes';
