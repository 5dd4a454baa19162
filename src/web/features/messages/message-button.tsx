import { Loader2, MessageCircle } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useOpenConversation } from './api';

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
