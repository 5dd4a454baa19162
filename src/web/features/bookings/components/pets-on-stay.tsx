import { Cat, Dog, ExternalLink } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PetOnStay } from '@/domain/contracts/booking';
import { type IsoDate, todayInIndia } from '@/domain/dates';
import { vaccinationState, type VaccinationState, VACCINES } from '@/domain/pet-profile';
import { staySizeOf } from '@/domain/pet-sizes';
import { PET_TYPE_ONE, STAY_SIZE_LABEL } from '@/web/i18n/domain-labels';
import { formatAge, vaccineName } from '@/web/i18n/pet-words';
import { formatDate } from '@/web/i18n/times';
import { formatDay } from '@/web/lib/date-range';
import { cn } from '@/web/lib/cn';
import { PetPhoto } from './pet-photo';

// The pets of a request as their host reads them before answering (PRODUCT.md section 9): each
// one's photo, size, age and weight, its vaccinations as they stand on the stay's first day with
// their certificates, its temperament and its care notes.

const STATE_TEXT: Record<VaccinationState, MessageDescriptor> = { current: msg`Current`, due: msg`Due`, missing: msg`Not recorded` };
const STATE_CLASS: Record<VaccinationState, string> = {
  // emerald-800 on emerald-50 is 7.4:1; amber-900 on amber-50 is 9.6:1.
  current: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/15',
  due: 'bg-amber-50 text-amber-900 ring-1 ring-amber-700/20',
  missing: 'bg-stone-100 text-stone-700',
};

const NEUTERED_TEXT = { unknown: msg`Not said`, yes: msg`Yes`, no: msg`No` } as const;
const neuteredText = (neutered: boolean | null) => NEUTERED_TEXT[neutered === null ? 'unknown' : neutered ? 'yes' : 'no'];

/** The pets of a stay, one panel each. */
export function PetsOnStay({ pets, startDate }: { pets: readonly PetOnStay[]; startDate: IsoDate }) {
  const today = todayInIndia();
  const { t } = useLingui();
  const count = pets.length;
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={count === 1 ? t`The pet` : t`The ${count} pets`}>
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
  const { t, i18n } = useLingui();
  const name = pet.name;
  const notGiven = t`Not given`;
  const checkIn = formatDay(startDate, i18n);
  return (
    <article aria-label={pet.name} data-testid="pet-on-stay" className="flex h-full flex-col gap-4 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200 sm:p-5">
      <div className="flex items-center gap-4">
        <PetPhoto url={pet.photo_url} alt={t`Photo of ${name}`} className="size-20 rounded-2xl ring-1 ring-stone-900/5" />
        <div className="min-w-0">
          <h4 className="truncate text-lg font-bold text-stone-900" translate="no">
            {pet.name}
          </h4>
          <p className="flex items-center gap-1.5 text-[0.9375rem] text-stone-700">
            <Icon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {i18n._(PET_TYPE_ONE[pet.type])}
              {pet.breed && <span translate="no">{` · ${pet.breed}`}</span>}
            </span>
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-[0.9375rem]">
        <Fact term={t`Size`}>{i18n._(STAY_SIZE_LABEL[staySizeOf(pet.size)])}</Fact>
        <Fact term={t`Age`}>{pet.birth_date ? formatAge(pet.birth_date, today, i18n) : notGiven}</Fact>
        <Fact term={t`Weight`}>{pet.weight_kg === null ? notGiven : `${pet.weight_kg} kg`}</Fact>
        <Fact term={t`Spayed/neutered`}>{i18n._(neuteredText(pet.neutered))}</Fact>
      </dl>

      <div>
        <h5 className="text-sm text-stone-600">
          <Trans>Vaccinations at check-in, {checkIn}</Trans>
        </h5>
        <ul className="mt-2 flex flex-col divide-y divide-sand-200 rounded-xl bg-white ring-1 ring-sand-200">
          {VACCINES.map((vaccine) => {
            const given = pet.vaccinations[vaccine];
            const state = vaccinationState(given?.given_on ?? null, startDate);
            const label = vaccineName(i18n, vaccine, pet.type);
            const givenOn = given && formatDate(given.given_on, i18n);
            const dueOn = given && formatDate(given.due_on, i18n);
            return (
              <li key={vaccine} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
                <span className="font-semibold text-stone-900">{label}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', STATE_CLASS[state])} data-testid={`vaccination-${vaccine}`}>
                  {i18n._(STATE_TEXT[state])}
                </span>
                {given?.certificate_url && (
                  <a
                    href={given.certificate_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="ml-auto inline-flex min-h-8 items-center gap-1 rounded-md text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
                  >
                    <span className="sr-only">{t`${name}'s ${label}`} </span>
                    <Trans>Certificate</Trans>
                    <span className="sr-only">
                      {' '}
                      <Trans>(opens in a new tab)</Trans>
                    </span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                )}
                {given && (
                  <span className="basis-full text-sm text-stone-600">
                    {state === 'due' ? t`Given ${givenOn} · due ${dueOn}` : t`Given ${givenOn}`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>

      {(pet.temperament || pet.notes) && (
        <dl className="flex flex-col gap-3 text-[0.9375rem]">
          {pet.temperament && (
            <Fact term={t`Temperament`} own>
              {pet.temperament}
            </Fact>
          )}
          {pet.notes && (
            <Fact term={t`Care notes`} own>
              {pet.notes}
            </Fact>
          )}
        </dl>
      )}
    </article>
  );
}

/** A fact of the pet; `own` when it is the guest's own words, never translated. */
function Fact({ term, own, children }: { term: string; own?: boolean; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="break-words whitespace-pre-line text-stone-900" translate={own ? 'no' : undefined}>
        {children}
      </dd>
    </div>
  );
}
