// What other features may use of pets.
export { petsQuery } from './pets-query';
export { petsRoutes } from './routes';
