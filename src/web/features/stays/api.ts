import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StayView } from '@/domain/contracts/stay';
import type { CareSheetInput } from '@/domain/stays/care-sheet';
import type { ArrivalAnswer } from '@/domain/stays/arrival';
import { ApiError, call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// The stay's endpoints (src/domain/contracts/stay.ts). Each write answers the stay as it now is,
// which replaces the cached one; the guest's bookings and the host's lists show its stage too.

/** What a refused stay write says: the server's reason for a 4xx, else `fallback`. */
export const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.status < 500 ? err.message : fallback);

export const stayQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.stays.detail(id),
    queryFn: ({ signal }) => call('GET /api/stays/:id', { params: { id }, signal }),
  });

function useStayWrite<A>(id: string, write: (args: A) => Promise<StayView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (stay) => queryClient.setQueryData(queryKeys.stays.detail(id), stay),
    // A refused write (the stay moved on in another tab, or was cancelled) leaves the page stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.stays.detail(id) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.host.all });
    },
  });
}

export const useSaveCareSheet = (id: string) =>
  useStayWrite(id, ({ petId, sheet }: { petId: string; sheet: CareSheetInput }) => call('PUT /api/stays/:id/care-sheets/:petId', { params: { id, petId }, body: sheet }));

/** The host's check-in, with the arrival's photo if one was chosen. */
export const useCheckIn = (id: string) => useStayWrite(id, (body: FormData) => call('POST /api/stays/:id/check-in', { params: { id }, body }));

/** The host's update: its photos, note and care log (as JSON), one multipart form. */
export const usePostUpdate = (id: string) => useStayWrite(id, (body: FormData) => call('POST /api/stays/:id/updates', { params: { id }, body }));

export const useCheckOut = (id: string) => useStayWrite(id, () => call('POST /api/stays/:id/check-out', { params: { id } }));

/** Either side's "Report a problem"; the answer shows it, and for an urgent one the pets' vets. */
export const useReportProblem = (id: string) => useStayWrite(id, (body: FormData) => call('POST /api/stays/:id/incidents', { params: { id }, body }));

/** Either side's answer to "What happened?" on a stay not checked in by the end of its check-in day. */
export const useAnswerArrival = (id: string) => useStayWrite(id, (answer: ArrivalAnswer) => call('POST /api/stays/:id/arrival', { params: { id }, body: { answer } }));

/** The guest's "All well" after the check-out. */
export const useAllWell = (id: string) => useStayWrite(id, () => call('POST /api/stays/:id/all-well', { params: { id } }));
