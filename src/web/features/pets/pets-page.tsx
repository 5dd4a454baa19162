import { useSuspenseQuery } from '@tanstack/react-query';
import { PawPrint, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/web/lib/toast';
import type { Pet } from '@/domain/contracts/pet';
import { todayInIndia } from '@/domain/dates';
import { EmptyState } from '@/web/components/empty-state';
import { SignedInPage } from '@/web/components/page-header';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';
import { useOpenedOnce } from '@/web/lib/use-opened-once';
import { petsQuery, useDeletePet } from './api';
import { PetCard } from './components/pet-card';

// The form's dialog (Radix, and the form's state) loads when a pet is first added or edited.
const PetFormDialog = lazy(() => import('./components/pet-form-dialog').then((m) => ({ default: m.PetFormDialog })));

export function PetsPage() {
  const { data: pets } = useSuspenseQuery(petsQuery);
  const [editing, setEditing] = useState<{ open: boolean; pet?: Pet }>({ open: false });
  const formOpened = useOpenedOnce(editing.open);
  const [removing, setRemoving] = useState<Pet>();
  const remove = useDeletePet();
  const add = () => setEditing({ open: true });
  const today = todayInIndia();
  const { t } = useLingui();
  const removingName = removing?.name ?? '';

  return (
    <SignedInPage
      title={t`My Pets`}
      description={t`Hosts read these profiles before they say yes.`}
      actions={
        pets.length > 0 && (
          <Button onClick={add}>
            <Plus aria-hidden="true" />
            <Trans>Add Pet</Trans>
          </Button>
        )
      }
    >
      <div className="mt-8">
        {pets.length === 0 ? (
          <EmptyState
            icon={PawPrint}
            title={t`No pets yet`}
            action={
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                <Trans>Add Pet</Trans>
              </Button>
            }
          >
            <Trans>Add your dog or cat to request a stay. It takes a minute.</Trans>
          </EmptyState>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {pets.map((pet) => (
              <li key={pet.id}>
                <PetCard pet={pet} today={today} onEdit={() => setEditing({ open: true, pet })} onRemove={() => setRemoving(pet)} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {formOpened && (
        <Suspense fallback={null}>
          <PetFormDialog open={editing.open} pet={editing.pet} onOpenChange={(open) => setEditing((s) => ({ ...s, open }))} />
        </Suspense>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={t`Remove ${removingName}?`}
        description={t`Their profile is deleted. Past bookings keep their dates and prices.`}
        cancelLabel={t`Cancel`}
        confirmLabel={t`Remove`}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(t`${removingName} was removed`),
            // A stay booked since the page was read: the server says which, and until when.
            onError: (err) => toast.error(err instanceof ApiError && err.status === 409 ? err.message : t`Failed to remove pet`),
          })
        }
      />
    </SignedInPage>
  );
}
