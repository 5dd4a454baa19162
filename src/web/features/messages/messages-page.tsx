import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';

export function MessagesPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <title>Messages · PawStay</title>
      <PageHeader title="Messages" description="Chat with hosts and guests about your stays." />
      <div className="mt-8">
        <EmptyState
          icon={MessageCircle}
          title="No messages yet"
          action={
            <Link to="/search" className={buttonVariants({ variant: 'outline' })}>
              Find a stay
            </Link>
          }
        >
          Each booking gets its own conversation between guest and host.
        </EmptyState>
      </div>
    </div>
  );
}
