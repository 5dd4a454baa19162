import { Cat, Dog, ExternalLink } from 'lucide-react';
import type { PetOnStay } from '@/domain/contracts/booking';
import { formatDocumentDate, formatShortDate, type IsoDate, todayInIndia } from '@/domain/dates';
import { ageText, vaccinationState, type VaccinationState, vaccineLabel, VACCINES } from '@/domain/pet-profile';
import { STAY_SIZE_LABELS, staySizeOf } from '@/domain/pet-sizes';
import { cn } from '@/web/lib/cn';
import { PetPhoto } from './pet-photo';

// The pets of a request as their host reads them before answering (PRODUCT.md section 9): each
// one's photo, size, age and weight, its vaccinations as they stand on the stay's first day with
// their certificates, its temperament and its care notes.

const STATE_TEXT: Record<VaccinationState, string> = { current: 'Current', due: 'Due', missing: 'Not recorded' };
const STATE_CLASS: Record<VaccinationState, string> = {
  // emerald-800 on emerald-50 is 7.4:1; amber-900 on amber-50 is 9.6:1.
  current: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15',
  due: 'bg-amber-50 text-amber-900 ring-1 ring-amber-700/20',
  missing: 'bg-stone-100 text-stone-700',
};

const neuteredText = (neutered: boolean | null) => (neutered === null ? 'Not said' : neutered ? 'Yes' : 'No');

/** The pets of a stay, one panel each. */
export function PetsOnStay({ pets, startDate }: { pets: readonly PetOnStay[]; startDate: IsoDate }) {
  const today = todayInIndia();
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={pets.length === 1 ? 'The pet' : `The ${pets.length} pets`}>
      {pets.map((pet) => (
        <li key={pet.id} className="min-w-0">
          <PetPanel pet={pet} startDate={startDate} today={today} />
        </li>
      ))}
    </ul>
  );
}

function PetPanel({ pet, startDate, today }: { pet: PetOnStay; startDate: IsoDate; today: IsoDate }) {
  const Icon = pet.type === 'cat' ? Cat : Dog;
  const type = pet.type === 'cat' ? 'Cat' : 'Dog';
  return (
    <article aria-label={pet.name} data-testid="pet-on-stay" className="flex h-full flex-col gap-4 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200 sm:p-5">
      <div className="flex items-center gap-4">
        <PetPhoto url={pet.photo_url} alt={`Photo of ${pet.name}`} className="size-20 rounded-2xl ring-1 ring-stone-900/5" />
        <div className="min-w-0">
          <h4 className="truncate text-lg font-bold text-stone-900">{pet.name}</h4>
          <p className="flex items-center gap-1.5 text-[0.9375rem] text-stone-700">
            <Icon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {type}
              {pet.breed ? ` · ${pet.breed}` : ''}
            </span>
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-[0.9375rem]">
        <Fact term="Size">{STAY_SIZE_LABELS[staySizeOf(pet.size)]}</Fact>
        <Fact term="Age">{pet.birth_date ? ageText(pet.birth_date, today) : 'Not given'}</Fact>
        <Fact term="Weight">{pet.weight_kg === null ? 'Not given' : `${pet.weight_kg} kg`}</Fact>
        <Fact term="Spayed/neutered">{neuteredText(pet.neutered)}</Fact>
      </dl>

      <div>
        <h5 className="text-sm text-stone-600">Vaccinations at check-in, {formatShortDate(startDate)}</h5>
        <ul className="mt-2 flex flex-col divide-y divide-sand-200 rounded-xl bg-white ring-1 ring-sand-200">
          {VACCINES.map((vaccine) => {
            const given = pet.vaccinations[vaccine];
            const state = vaccinationState(given?.given_on ?? null, startDate);
            const label = vaccineLabel(vaccine, pet.type);
            return (
              <li key={vaccine} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
                <span className="font-semibold text-stone-900">{label}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STATE_CLASS[state])} data-testid={`vaccination-${vaccine}`}>
                  {STATE_TEXT[state]}
                </span>
                {given?.certificate_url && (
                  <a
                    href={given.certificate_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="ml-auto inline-flex min-h-8 items-center gap-1 rounded-md text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
                  >
                    <span className="sr-only">{`${pet.name}'s ${label} `}</span>
                    Certificate
                    <span className="sr-only"> (opens in a new tab)</span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                )}
                {given && (
                  <span className="basis-full text-sm text-stone-600">
                    Given {formatDocumentDate(given.given_on)}
                    {state === 'due' && ` · due ${formatDocumentDate(given.due_on)}`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>

      {(pet.temperament || pet.notes) && (
        <dl className="flex flex-col gap-3 text-[0.9375rem]">
          {pet.temperament && <Fact term="Temperament">{pet.temperament}</Fact>}
          {pet.notes && <Fact term="Care notes">{pet.notes}</Fact>}
        </dl>
      )}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="break-words whitespace-pre-line text-stone-900">{children}</dd>
    </div>
  );
}
