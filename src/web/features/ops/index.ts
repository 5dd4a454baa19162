// What the app may use of the operators' console: its route.
export { opsRoutes } from './routes';
