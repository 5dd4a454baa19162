import { lazy, Suspense } from 'react';
import type { MeetBooking } from './meet-panel';

// The panel (and its form, which loads when opened) is fetched only for a card that has a meet to
// show or to propose: the host's page opens on its listings, and its first view must not carry it.
const Panel = /* @__PURE__ */ lazy(() => import('./meet-panel').then((m) => ({ default: m.MeetPanel })));

export function MeetPanel(props: { booking: MeetBooking; viewer: 'guest' | 'host'; other: string }) {
  if (!props.booking.meet && !props.booking.can_propose_meet) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
