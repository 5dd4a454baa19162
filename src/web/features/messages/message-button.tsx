import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Loader2, MessageCircle } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@/web/components/ui/button';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';

// Its own mutation, not api.ts's: the button is on the bookings' pages (the dashboard, the host's
// requests, a stay), which need none of the conversations' other code.

/** "Message host" on a guest's booking, "Message guest" on a host's: opens the booking's conversation. */
export function MessageButton({ bookingId, label, size = 'sm', className }: { bookingId: string; label: string; size?: 'sm' | 'md'; className?: string }) {
  const open = useOpenConversation();
  return (
    <Button variant="outline" size={size} className={className} disabled={open.isPending} onClick={() => open.mutate(bookingId)}>
      {open.isPending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <MessageCircle aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** "Message host" / "Message guest": opens the booking's conversation. */
function useOpenConversation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useLingui();
  return useMutation({
    mutationFn: (bookingId: string) => call('POST /api/conversations', { body: { bookingId } }),
    onSuccess: async ({ id }) => {
      // A conversation opened just now is not in a list fetched before.
      await queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations });
      navigate(`/messages/${id}`);
    },
    onError: () => toast.error(t`Could not open the conversation. Please try again.`),
  });
}
