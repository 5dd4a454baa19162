// What the app may use of notifications: the header's bell, the routes.
export { NotificationBell } from './bell';
export { notificationsRoutes } from './routes';
