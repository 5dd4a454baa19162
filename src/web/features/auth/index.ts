// What other features and the app may use of auth: who is signed in, the sign-in dialog, the
// guard of the signed-in pages' loaders, and its route.
export { sessionQuery, useSession, useSignOut, useWithSession } from './api';
export { requireSession } from './require-session';
export { authRoutes } from './routes';
export { SignInProvider, useSignIn } from './sign-in-context';
