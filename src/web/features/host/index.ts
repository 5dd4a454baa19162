// What the app may use of the host side: its routes.
export { hostRoutes } from './routes';
