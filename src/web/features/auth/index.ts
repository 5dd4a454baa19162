// What other features may use of auth: who is signed in, and the sign-in dialog.
export { useSession, useWithSession } from './api';
export { useSignIn } from './sign-in-context';
