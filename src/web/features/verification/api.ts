import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationAnswer } from '@/domain/contracts/verification';
import type { IdDocumentType } from '@/domain/verification';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// The host's verification (src/server/modules/verification): its state and the three steps.


export const verificationQuery = queryOptions({
  queryKey: queryKeys.host.verification,
  queryFn: ({ signal }) => call('GET /api/host/verification', { signal }),
});

/** Each step answers the whole verification, which replaces the cached one. */
function useStep<I>(send: (input: I) => Promise<VerificationAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (answer) => queryClient.setQueryData(queryKeys.host.verification, answer) });
}

export const useUploadId = () =>
  useStep(({ type, file }: { type: IdDocumentType; file: File }) => {
    const body = new FormData();
    body.append('id_type', type);
    body.append('file', file);
    return call('PUT /api/host/verification/id-document', { body });
  });

export const useConfirmPhotos = () => useStep(() => call('PUT /api/host/verification/photos', { body: { confirmed: true } }));

export const useChooseCall = () => useStep((startsAt: string) => call('PUT /api/host/verification/call', { body: { starts_at: startsAt } }));

export const useSubmitVerification = () => useStep(() => call('POST /api/host/verification/submit'));
