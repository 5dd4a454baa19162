// What the app may use of the search: its route.
export { searchRoutes } from './routes';
