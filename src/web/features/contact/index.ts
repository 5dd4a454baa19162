// What the app may use of the contact page: its route.
export { contactRoutes } from './routes';
