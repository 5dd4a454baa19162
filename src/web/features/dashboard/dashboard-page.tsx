import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Heart, PawPrint } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { buttonVariants } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { petsQuery } from '@/web/features/pets/api';

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
        <TabsContent value="bookings">
          <EmptyState
            icon={CalendarCheck}
            title="No bookings yet"
            action={
              <Link to="/search" className={buttonVariants()}>
                Find a stay
              </Link>
            }
          >
            When you request a stay, it appears here with its status.
          </EmptyState>
        </TabsContent>
        <TabsContent value="pets">
          <PetsSummary />
        </TabsContent>
        <TabsContent value="favorites">
          <EmptyState
            icon={Heart}
            title="No favorites yet"
            action={
              <Link to="/search" className={buttonVariants({ variant: 'outline' })}>
                Browse stays
              </Link>
            }
          >
            Tap the heart on a stay to keep it here.
          </EmptyState>
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
