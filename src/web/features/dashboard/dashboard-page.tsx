import { formatList } from '@/web/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { PawPrint } from 'lucide-react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();

  return (
    <SignedInPage title={t`My Dashboard`} description={t`Your stays, your pets and the homes you love.`}>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={setTab}
      >
        <TabsList>
          <TabsTrigger value="bookings">
            <Trans>Bookings</Trans>
          </TabsTrigger>
          <TabsTrigger value="pets">
            <Trans>My Pets</Trans>
          </TabsTrigger>
          <TabsTrigger value="favorites">
            <Trans>Favorites</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bookings" className="flex flex-col gap-10">
          <ReviewPrompts role="guest" title={t`Review your stays`} />
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
  const { t, i18n } = useLingui();
  return (
    <EmptyState
      icon={PawPrint}
      title={count === 0 ? t`Add your pets` : t`${plural(count, { one: '# pet on your profile', other: '# pets on your profile' })}`}
      action={
        <Link to="/pets" className={buttonVariants()}>
          <Trans>Manage my pets</Trans>
        </Link>
      }
    >
      {pets.data && count > 0 ? (
        <span translate="no">{formatList(pets.data.map((p) => p.name), i18n)}</span>
      ) : (
        <Trans>Hosts read your pets’ profiles before they accept a request.</Trans>
      )}
    </EmptyState>
  );
}

