import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditTarget } from '@/domain/operator-actions';
import { call } from '@/web/lib/api';

// The operators' console (src/server/modules/verification, modules/ops): the verification queue,
// the decisions, and a target's history.

export const opsKeys = {
  all: ['ops'] as const,
  verifications: ['ops', 'verifications'] as const,
  history: (type: AuditTarget, id: string) => ['ops', 'history', type, id] as const,
};

export const verificationQueueQuery = queryOptions({
  queryKey: opsKeys.verifications,
  queryFn: async ({ signal }) => (await call('GET /api/ops/verifications', { signal })).results,
});

export const historyQuery = (type: AuditTarget, id: string) =>
  queryOptions({
    queryKey: opsKeys.history(type, id),
    queryFn: async ({ signal }) => (await call('GET /api/ops/history', { query: { target_type: type, target_id: id }, signal })).results,
  });

/** The ID file, opened by the browser itself (an image shown, a PDF in its viewer). */
export const idDocumentUrl = (verificationId: string) => `/api/ops/verifications/${encodeURIComponent(verificationId)}/id-document`;

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      approve
        ? call('POST /api/ops/verifications/:id/approve', { params: { id } })
        : call('POST /api/ops/verifications/:id/reject', { params: { id }, body: { reason: reason ?? '' } }),
    // The host's listings change badge: search and listing pages too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: opsKeys.all }), queryClient.invalidateQueries({ queryKey: ['listings'] })]),
  });
}
