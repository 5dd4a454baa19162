import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { todayInIndia } from '@/domain/dates';
import { petSearchFilters, toPolicyPet } from '@/domain/pet-policy';
import { Label } from '@/web/components/ui/label';
import { Select } from '@/web/components/ui/select';
import { petsQuery } from '@/web/features/pets';
import { PET_TYPE_NAME } from '@/web/i18n/domain-labels';
import type { SearchFilters } from '../search-url';

// "For: any pet / Bruno / Mittens" (issue 24): choosing a pet sets the filters his profile asks
// for (his type, his size, and without current vaccinations, homes that do not require them), so
// the URL stays shareable and never names the pet. Signed in with pets only: a chunk of its own.

type PetFilters = Pick<SearchFilters, 'type' | 'sizes' | 'unvaccinated'>;

const ANY = 'any';
const ANY_PET = msg`Any pet`;
const TYPE_ONLY = 'type';

export default function PetFilter({ draft, onChange }: { draft: SearchFilters; onChange: (patch: PetFilters) => void }) {
  const id = useId();
  const pets = useQuery(petsQuery);
  const { i18n } = useLingui();
  // Vaccinations must cover the pet on the stay's first day, as a request will judge them.
  const on = draft.from ?? todayInIndia();
  const options = (pets.data ?? []).map((pet) => {
    const f = petSearchFilters(toPolicyPet(pet), on);
    return { id: pet.id, name: pet.name, filters: { type: f.type, sizes: f.sizes, unvaccinated: !f.vaccinated } satisfies PetFilters };
  });
  if (options.length === 0) return null;

  const same = (f: PetFilters) => f.type === draft.type && f.unvaccinated === draft.unvaccinated && f.sizes.join() === draft.sizes.join();
  const matched = options.find((o) => same(o.filters));
  const value = matched ? matched.id : draft.type ? TYPE_ONLY : ANY;

  return (
    <div className="flex flex-col gap-1.5 lg:w-32">
      <Label htmlFor={id}>
        <Trans>For</Trans>
      </Label>
      <Select
        id={id}
        value={value}
        className="h-11"
        onChange={(e) => {
          const chosen = options.find((o) => o.id === e.target.value);
          onChange(chosen ? chosen.filters : { type: undefined, sizes: [], unvaccinated: false });
        }}
      >
        <option value={ANY}>{i18n._(ANY_PET)}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        {value === TYPE_ONLY && draft.type && <option value={TYPE_ONLY}>{i18n._(PET_TYPE_NAME[draft.type])}</option>}
      </Select>
    </div>
  );
}
