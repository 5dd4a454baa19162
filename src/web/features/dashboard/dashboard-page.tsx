import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, PawPrint } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { formatDateRange } from '@/domain/dates';
import { ApiError } from '@/web/lib/api';
import { FavoritesTab } from '@/web/features/favorites/favorites-tab';
import { petsQuery } from '@/web/features/pets/api';
import { myReviewsQuery } from '@/web/features/reviews/api';
import { ReviewPrompts } from '@/web/features/reviews/components/review-prompts';
import { type MyBooking, myBookingsQuery, useCancelBooking } from './bookings-api';
import { BookingCard } from './components/booking-card';

const TABS = ['bookings', 'pets', 'favorites'] as const;
type Tab = (typeof TABS)[number];

export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'bookings';

  return (
    <div className="container-page py-10 sm:py-14">
      <title>My Dashboard · PawStay</title>
      <PageHeader title="My Dashboard" description="Your stays, your pets and the homes you love." />
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) => setParams(value === 'bookings' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="pets">My Pets</TabsTrigger>
          <TabsTrigger value="favorites">Favorites</TabsTrigger>
        </TabsList>
        <TabsContent value="bookings" className="flex flex-col gap-10">
          <ReviewPrompts role="guest" title="Review your stays" />
          <MyBookings />
        </TabsContent>
        <TabsContent value="pets">
          <PetsSummary />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PetsSummary() {
  const pets = useQuery(petsQuery);
  const count = pets.data?.length ?? 0;
  return (
    <EmptyState
      icon={PawPrint}
      title={count === 0 ? 'Add your pets' : `${count} ${count === 1 ? 'pet' : 'pets'} on your profile`}
      action={
        <Link to="/pets" className={buttonVariants()}>
          Manage my pets
        </Link>
      }
    >
      {pets.data && count > 0 ? pets.data.map((p) => p.name).join(', ') : 'Hosts read your pets’ profiles before they accept a request.'}
    </EmptyState>
  );
}

/** The signed-in guest's own bookings, newest first, with their real status. */
function MyBookings() {
  const bookings = useQuery(myBookingsQuery);
  const myReviews = useQuery(myReviewsQuery).data;
  const cancel = useCancelBooking();
  const [cancelling, setCancelling] = useState<MyBooking>();

  if (bookings.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading your bookings">
        <Skeleton className="h-40 rounded-3xl" />
        <Skeleton className="h-40 rounded-3xl" />
      </div>
    );
  }
  if (bookings.isError || bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarCheck}
        title={bookings.isError ? 'Your bookings could not be loaded' : 'No bookings yet'}
        action={
          bookings.isError ? undefined : (
            <Link to="/search" className={buttonVariants()}>
              Find a stay
            </Link>
          )
        }
      >
        {bookings.isError ? 'Please try again in a moment.' : 'When you request a stay, it appears here with its status.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-5">
        {bookings.data.map((booking) => (
          <li key={booking.id}>
            <BookingCard
              booking={booking}
              review={myReviews?.find((r) => r.booking_id === booking.id && r.kind === 'listing')}
              onCancel={() => setCancelling(booking)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(cancelling)}
        onOpenChange={(open) => !open && setCancelling(undefined)}
        title="Cancel this booking?"
        description={cancelling && `${cancelling.listing.title}, ${formatDateRange(cancelling.start_date, cancelling.end_date)}. The host is told and the nights are freed.`}
        cancelLabel="Keep it"
        confirmLabel="Cancel booking"
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => toast.success('Booking cancelled'),
            onError: (err) => toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to cancel booking'),
          })
        }
      />
    </>
  );
}
