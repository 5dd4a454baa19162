import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { sessionQuery } from './api';

/**
 * Loader for pages that need an account (SPEC.md section 6): signed-out visitors go to `/`.
 * The session is cached, so moving between such pages asks the server once.
 */
export async function requireSession(queryClient: QueryClient) {
  const user = await queryClient.ensureQueryData(sessionQuery).catch(() => null);
  if (!user) throw redirect('/');
  return null;
}
