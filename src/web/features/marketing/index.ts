// What other features may use of the marketing pages: the not-found page, for a page that is not
// there for this visitor (the operators' console for anyone else).
export { NotFoundPage } from './pages/not-found-page';
export { marketingRoutes, notFoundRoute } from './routes';
