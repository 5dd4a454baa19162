import { useSuspenseQuery } from '@tanstack/react-query';
import { Cat, Dog, PawPrint, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { PET_SIZE_LABELS, STAY_SIZE_LABELS, staySizeOf } from '@/domain/pet-sizes';
import type { Pet } from '@/domain/contracts/pet';
import { EmptyState } from '@/web/components/empty-state';
import { PageHeader } from '@/web/components/page-header';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { useOpenedOnce } from '@/web/lib/use-opened-once';
import { petsQuery, useDeletePet } from './api';

// The form's dialog (Radix, and the form's state) loads when a pet is first added or edited.
const PetFormDialog = lazy(() => import('./components/pet-form-dialog').then((m) => ({ default: m.PetFormDialog })));

export function PetsPage() {
  const { data: pets } = useSuspenseQuery(petsQuery);
  const [editing, setEditing] = useState<{ open: boolean; pet?: Pet }>({ open: false });
  const formOpened = useOpenedOnce(editing.open);
  const [removing, setRemoving] = useState<Pet>();
  const remove = useDeletePet();
  const add = () => setEditing({ open: true });

  return (
    <div className="container-page py-10 sm:py-14">
      <title>My Pets · PawStay</title>
      <PageHeader
        title="My Pets"
        description="Hosts read these profiles before they say yes."
        actions={
          pets.length > 0 && (
            <Button onClick={add}>
              <Plus aria-hidden="true" />
              Add Pet
            </Button>
          )
        }
      />
      <div className="mt-8">
        {pets.length === 0 ? (
          <EmptyState
            icon={PawPrint}
            title="No pets yet"
            action={
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add Pet
              </Button>
            }
          >
            Add your dog or cat to request a stay. It takes a minute.
          </EmptyState>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {pets.map((pet) => (
              <li key={pet.id}>
                <PetCard pet={pet} onEdit={() => setEditing({ open: true, pet })} onRemove={() => setRemoving(pet)} />
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
        title={<>Remove {removing?.name}?</>}
        description="Their profile is deleted. Past bookings keep their dates and prices."
        cancelLabel="Cancel"
        confirmLabel="Remove"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(`${removing.name} was removed`),
            onError: () => toast.error('Failed to remove pet'),
          })
        }
      />
    </div>
  );
}

function PetCard({ pet, onEdit, onRemove }: { pet: Pet; onEdit: () => void; onRemove: () => void }) {
  const Icon = pet.type === 'cat' ? Cat : Dog;
  return (
    <article data-testid="pet-card" className="flex h-full flex-col rounded-3xl border border-stone-200/80 bg-white p-6 shadow-[var(--shadow-card)]">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-stone-900">{pet.name}</h2>
          <p className="text-stone-600">
            {pet.type === 'cat' ? 'Cat' : 'Dog'}
            {pet.breed && ` · ${pet.breed}`}
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm font-medium text-stone-700">
        {PET_SIZE_LABELS[pet.size]} · books as {STAY_SIZE_LABELS[staySizeOf(pet.size)].toLowerCase()}
      </p>
      {pet.notes && <p className="mt-2 line-clamp-3 text-sm text-stone-600">{pet.notes}</p>}
      <div className="mt-auto flex gap-2 pt-5">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${pet.name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${pet.name}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </article>
  );
}
