import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/web/lib/toast';
import { PET_SIZE_LABELS, PET_SIZES } from '@/domain/pet-sizes';
import type { Pet, PetInput } from '@/domain/contracts/pet';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { schemaValidator, useSchemaForm } from '@/web/lib/form';
import { useSavePet } from '../api';

const SIZE_HINTS: Record<(typeof PET_SIZES)[number], string> = {
  xs: 'under 5 kg',
  s: '5-10 kg',
  m: '10-25 kg',
  l: '25-40 kg',
  xl: 'over 40 kg',
};

const blank: PetInput = { name: '', type: 'dog', breed: '', size: 'm', notes: '' };

const validate = schemaValidator<PetInput, PetInput>(async () => (await import('@/domain/contracts/pet')).petSchema);

/** Add Pet (SPEC.md /pets) and its twin, editing a pet. */
export function PetFormDialog({ open, onOpenChange, pet }: { open: boolean; onOpenChange: (open: boolean) => void; pet?: Pet }) {
  const save = useSavePet();
  const form = useSchemaForm({ defaultValues: blank, validate });
  const { errors } = form;

  useEffect(() => {
    if (open) form.reset(pet ? { name: pet.name, type: pet.type, breed: pet.breed ?? '', size: pet.size, notes: pet.notes ?? '' } : blank);
  }, [open, pet, form.reset]);

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: pet?.id, input },
      {
        onSuccess: () => {
          toast.success(pet ? 'Pet updated successfully!' : 'Pet added successfully!');
          onOpenChange(false);
        },
        onError: (err) => {
          for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
            form.setError(field as keyof PetInput, message);
          }
          toast.error(pet ? 'Failed to update pet' : 'Failed to add pet');
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pet ? `Edit ${pet.name}` : 'Add Pet'}</DialogTitle>
          <DialogDescription>Hosts see this before they accept, so a few details go a long way.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField label="Name" error={errors.name}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Type" error={errors.type}>
              {(control) => (
                <Select {...control} {...form.register('type')}>
                  <option value="dog">Dog</option>
                  <option value="cat">Cat</option>
                </Select>
              )}
            </FormField>
            <FormField label="Size" error={errors.size}>
              {(control) => (
                <Select {...control} {...form.register('size')}>
                  {PET_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {PET_SIZE_LABELS[size]} ({SIZE_HINTS[size]})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
          <FormField label="Breed" error={errors.breed} hint="Optional">
            {(control) => <Input {...control} placeholder="Indie, Labrador, Persian..." {...form.register('breed')} />}
          </FormField>
          <FormField label="Notes" error={errors.notes} hint="Optional: habits, food, fears, medicines.">
            {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {pet ? 'Save changes' : 'Add Pet'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
