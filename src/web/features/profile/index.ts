// What the app may use of the profile page: its route.
export { profileRoutes } from './routes';
