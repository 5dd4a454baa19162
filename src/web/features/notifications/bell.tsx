import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { call } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';
import { buttonVariants } from '@/web/components/ui/button';
import { CountBadge } from '@/web/components/count-badge';

// The header's bell (issue 38), apart from the rest of the feature: the header is in every page's
// first view, and this is all of notifications that it needs.

const unreadNoticesQuery = queryOptions({
  queryKey: queryKeys.notifications.unread,
  queryFn: ({ signal }) => call('GET /api/notifications/unread', { signal }).then((r) => r.unread),
  // The live stream refreshes it (its `notice` event); this is only the fallback when it is down.
  staleTime: 60_000,
});

/**
 * A plain link to /notifications, so that a tap before the app has run still gets there, with the
 * count of unread notices.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const unread = useQuery(unreadNoticesQuery).data ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
      // The look of the header's other round buttons (the phone's menu), a 44 px target.
      className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'relative' })}
    >
      <Bell aria-hidden="true" />
      {/* The avatar's unread badge (app/layout/avatar.tsx), on the bell's shoulder. */}
      <CountBadge count={unread} max={9} testId="notification-badge" className="top-0.5 right-0.5" />
    </Link>
  );
}
