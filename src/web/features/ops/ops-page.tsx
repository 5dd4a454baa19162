import type { ReactNode } from 'react';
import { SignedInPage } from '@/web/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useSession } from '@/web/features/auth';
import { NotFoundPage } from '@/web/features/marketing';
import { useTabParam } from '@/web/lib/tab-param';
import { Accounts } from './accounts';
import { IncidentsQueue } from './incidents-queue';
import { DeliveriesQueue } from './deliveries-queue';
import { PayoutsQueue } from './payouts-queue';
import { ReportsQueue } from './reports-queue';
import { VerificationQueue } from './verification-queue';

// /ops (issue 23, PRODUCT.md section 8): the operators' console, its own chunk (no operator code
// reaches anyone else's first view). Anyone else is shown the not-found page, as the API answers
// them: the console is not advertised.

const TABS = ['incidents', 'verifications', 'reports', 'accounts', 'payouts', 'deliveries'] as const;
const TAB_NAMES: Record<(typeof TABS)[number], string> = { incidents: 'Incidents', verifications: 'Verifications', reports: 'Reports', accounts: 'Accounts', payouts: 'Payouts', deliveries: 'Undelivered' };
const TAB_PANELS: Record<(typeof TABS)[number], () => ReactNode> = {
  incidents: IncidentsQueue,
  verifications: VerificationQueue,
  reports: ReportsQueue,
  accounts: Accounts,
  payouts: PayoutsQueue,
  deliveries: DeliveriesQueue,
};
const TAB_CLASS = 'whitespace-nowrap max-sm:px-3';

export function OpsPage() {
  const { user, isLoading } = useSession();
  const [tab, setTab] = useTabParam(TABS);
  if (isLoading) return null;
  if (!user?.operator) return <NotFoundPage />;
  return (
    <SignedInPage noindex title="Operations" description="Problems on stays, verifications, reports, accounts, payouts and messages not delivered. Every action here is recorded with your name.">
      <Tabs className="mt-8" value={tab} onValueChange={setTab}>
        {/* Six tabs are wider than a phone: the row scrolls rather than the page. */}
        <div className="-mx-5 overflow-x-auto px-5 pb-1 sm:mx-0 sm:px-0">
          <TabsList className="w-max">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value} className={TAB_CLASS}>
                {TAB_NAMES[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map((value) => {
          const Panel = TAB_PANELS[value];
          return (
            <TabsContent key={value} value={value} className="mt-8">
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </SignedInPage>
  );
}
