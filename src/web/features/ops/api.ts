import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditTarget } from '@/domain/operator-actions';
import type { ReportTarget } from '@/domain/reports';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// The operators' console (src/server/modules/ops, modules/verification, modules/reports,
// modules/payments, modules/stays): the verification queue, the reports, accounts, the payouts the
// payment provider would not pay, the problems reported on stays, and each target's history. Every action empties the
// console's answers (a suspension changes the account, its listings and the reports at once) and
// the listings' (a badge, a hidden listing).

export const verificationQueueQuery = queryOptions({
  queryKey: queryKeys.ops.verifications,
  queryFn: async ({ signal }) => (await call('GET /api/ops/verifications', { signal })).results,
});

export const reportsQuery = queryOptions({
  queryKey: queryKeys.ops.reports,
  queryFn: async ({ signal }) => (await call('GET /api/ops/reports', { signal })).results,
});

export const payoutsQueueQuery = queryOptions({
  queryKey: queryKeys.ops.payouts,
  queryFn: async ({ signal }) => (await call('GET /api/ops/payouts', { signal })).results,
});

export const recoveriesQueueQuery = queryOptions({
  queryKey: queryKeys.ops.recoveries,
  queryFn: async ({ signal }) => (await call('GET /api/ops/recoveries', { signal })).results,
});

export const deliveriesQueueQuery = queryOptions({
  queryKey: queryKeys.ops.deliveries,
  queryFn: async ({ signal }) => (await call('GET /api/ops/deliveries', { signal })).results,
});

export const incidentsQuery = queryOptions({
  queryKey: queryKeys.ops.incidents,
  queryFn: async ({ signal }) => (await call('GET /api/ops/incidents', { signal })).results,
});

/** A problem with everything needed to act on it; the server records each opening. */
export const incidentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.ops.incident(id),
    queryFn: ({ signal }) => call('GET /api/ops/incidents/:id', { params: { id }, signal }),
  });

export const usersQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.ops.users(email),
    queryFn: async ({ signal }) => (await call('GET /api/ops/users', { query: { email }, signal })).results,
  });

export const accountQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.ops.account(id),
    queryFn: ({ signal }) => call('GET /api/ops/users/:id', { params: { id }, signal }),
  });

export const historyQuery = (type: AuditTarget, id: string) =>
  queryOptions({
    queryKey: queryKeys.ops.history(type, id),
    queryFn: async ({ signal }) => (await call('GET /api/ops/history', { query: { target_type: type, target_id: id }, signal })).results,
  });

/** The ID file, opened by the browser itself (an image shown, a PDF in its viewer). */
export const idDocumentUrl = (verificationId: string) => `/api/ops/verifications/${encodeURIComponent(verificationId)}/id-document`;

/** An operator's action: when it is done, what the console and the listings showed is read again. */
function useOpsAction<I>(act: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.ops.all }), queryClient.invalidateQueries({ queryKey: queryKeys.listings.all })]),
  });
}

export const useDecideVerification = () =>
  useOpsAction(({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
    approve
      ? call('POST /api/ops/verifications/:id/approve', { params: { id } })
      : call('POST /api/ops/verifications/:id/reject', { params: { id }, body: { reason: reason ?? '' } }),
  );

export const useSuspension = () =>
  useOpsAction(({ id, suspend, reason }: { id: string; suspend: boolean; reason: string }) =>
    call(suspend ? 'POST /api/ops/users/:id/suspend' : 'POST /api/ops/users/:id/restore', { params: { id }, body: { reason } }),
  );

export const useListingVisibility = () =>
  useOpsAction(({ id, hide, reason }: { id: string; hide: boolean; reason: string }) =>
    call(hide ? 'POST /api/ops/listings/:id/hide' : 'POST /api/ops/listings/:id/restore', { params: { id }, body: { reason } }),
  );

export const useRemoveReview = () => useOpsAction(({ id, reason }: { id: string; reason: string }) => call('POST /api/ops/reviews/:id/remove', { params: { id }, body: { reason } }));

export const useDismissReports = () =>
  useOpsAction(({ type, id, reason }: { type: ReportTarget; id: string; reason: string }) =>
    call('POST /api/ops/reports/dismiss', { body: { target_type: type, target_id: id, reason } }),
  );

export const useRetryPayout = () => useOpsAction(({ id, reason }: { id: string; reason: string }) => call('POST /api/ops/payouts/:id/retry', { params: { id }, body: { reason } }));

export const useRetryRecovery = () => useOpsAction(({ id, reason }: { id: string; reason: string }) => call('POST /api/ops/recoveries/:id/retry', { params: { id }, body: { reason } }));

export const useRetryDelivery = () => useOpsAction(({ id, reason }: { id: string; reason: string }) => call('POST /api/ops/deliveries/:id/retry', { params: { id }, body: { reason } }));

export const useNoteIncident = () => useOpsAction(({ id, note }: { id: string; note: string }) => call('POST /api/ops/incidents/:id/notes', { params: { id }, body: { note } }));

export const useMessageAboutIncident = () =>
  useOpsAction(({ id, message }: { id: string; message: string }) => call('POST /api/ops/incidents/:id/messages', { params: { id }, body: { message } }));

export const useResolveIncident = () =>
  useOpsAction(({ id, resolution, refundPercent }: { id: string; resolution: string; refundPercent: number }) =>
    call('POST /api/ops/incidents/:id/resolve', { params: { id }, body: { resolution, refund_percent: refundPercent } }),
  );
