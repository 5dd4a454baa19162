import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetOutcome } from '@/domain/stays/meet';
import type { MeetProposalInput } from '@/domain/stays/meet-form';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';

// Meet & greet's endpoints (src/domain/contracts/meet.ts). A meet shows on the booking cards of
// both sides, so each move refreshes the guest's bookings and the host's.

function useMeetMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.bookings.mine }), queryClient.invalidateQueries({ queryKey: queryKeys.host.bookings })]),
  });
}

export const useProposeMeet = (bookingId: string) =>
  useMeetMutation((body: MeetProposalInput) => call('POST /api/bookings/:id/meets', { params: { id: bookingId }, body }));

export const useConfirmMeet = (meetId: string) => useMeetMutation((time: string) => call('POST /api/meets/:id/confirm', { params: { id: meetId }, body: { time } }));

export const useMarkMeet = (meetId: string) => useMeetMutation((outcome: MeetOutcome) => call('POST /api/meets/:id/outcome', { params: { id: meetId }, body: { outcome } }));
