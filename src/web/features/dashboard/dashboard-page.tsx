import { useQuery } from '@tanstack/react-query';
import { PawPrint } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/web/components/empty-state';
import { SignedInPage } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { FavoritesTab } from '@/web/features/favorites';
import { petsQuery } from '@/web/features/pets';
import { ReviewPrompts } from '@/web/features/reviews';
import { GuestBookings } from '@/web/features/bookings';
import { useTabParam } from '@/web/lib/tab-param';

const TABS = ['bookings', 'pets', 'favorites'] as const;

export function DashboardPage() {
  const [tab, setTab] = useTabParam(TABS);

  return (
    <SignedInPage title="My Dashboard" description="Your stays, your pets and the homes you love.">
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={setTab}
      >
        <TabsList>
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="pets">My Pets</TabsTrigger>
          <TabsTrigger value="favorites">Favorites</TabsTrigger>
        </TabsList>
        <TabsContent value="bookings" className="flex flex-col gap-10">
          <ReviewPrompts role="guest" title="Review your stays" />
          <GuestBookings />
        </TabsContent>
        <TabsContent value="pets">
          <PetsSummary />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
      </Tabs>
    </SignedInPage>
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

