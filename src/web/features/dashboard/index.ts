// What the app may use of the dashboard: its route.
export { dashboardRoutes } from './routes';
