import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '@/web/lib/lazy-part';
import type { MeetBooking, MeetPanel as LoadedPanel } from './meet-panel';

// The panel (and its form, which loads when opened) is fetched only for a card that has a meet to
// show or to propose: the host's page opens on its listings, and its first view must not carry it.
// A part the server may draw (/host?tab=requests), so its code comes before hydration (lib/lazy-part.tsx).
const Panel = lazyPart<ComponentProps<typeof LoadedPanel>>('meets.panel', () => import('./meet-panel').then((m) => ({ default: m.MeetPanel })));

export function MeetPanel(props: { booking: MeetBooking; viewer: 'guest' | 'host'; other: string }) {
  if (!props.booking.meet && !props.booking.can_propose_meet) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
