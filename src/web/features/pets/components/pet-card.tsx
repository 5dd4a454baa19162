import { CalendarClock, Cat, Dog, FileCheck2, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Pet } from '@/domain/contracts/pet';
import type { IsoDate } from '@/domain/dates';
import { VACCINES } from '@/domain/pet-profile';
import { PET_SIZE_LABELS, STAY_SIZE_NAMES, staySizeOf } from '@/domain/pet-sizes';
import { formatDate } from '@/web/i18n/times';
import { PET_SIZE_NAME, PET_TYPE_ONE, STAY_SIZE_NAME } from '@/web/i18n/domain-labels';
import { formatAge, vaccineName } from '@/web/i18n/pet-words';
import { verbatim } from '@/web/i18n/verbatim';
import { CardPhoto } from '@/web/components/card-photo';
import { Button } from '@/web/components/ui/button';
import { VaccinationBadge } from './vaccination-state';

// One pet on /pets: its photo, what a host asks first (size, age, weight, spayed or neutered), its
// vaccinations, and Edit and Remove. A pet in a stay not yet over cannot be removed: the card says
// so, and until when, instead of offering a button that would be refused.

/** "Medium", or "Extra small · books as small" where the stay's band has another name. */
function sizeText(size: Pet['size'], i18n: I18n): string {
  const stay = staySizeOf(size);
  const own = i18n._(PET_SIZE_NAME[size]);
  if (PET_SIZE_LABELS[size] === STAY_SIZE_NAMES[stay]) return own;
  const band = i18n._(STAY_SIZE_NAME[stay]).toLocaleLowerCase(i18n.locale);
  return i18n._(msg`${own} · books as ${band}`);
}

/** Why a pet cannot be removed yet (on its card and in its form), or null when it can. */
export function BookedNote({ pet }: { pet: Pet }) {
  if (!pet.upcoming_stay) return null;
  return (
    <p className="flex items-start gap-2 rounded-xl bg-sand-50 px-3 py-2.5 text-sm text-stone-700 ring-1 ring-sand-200" data-testid="pet-booked">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <BookedFor title={pet.upcoming_stay.listing_title} from={pet.upcoming_stay.start_date} />
      </span>
    </p>
  );
}

export function PetCard({ pet, today, onEdit, onRemove }: { pet: Pet; today: IsoDate; onEdit: () => void; onRemove: () => void }) {
  const Icon = pet.type === 'cat' ? Cat : Dog;
  const booked = Boolean(pet.upcoming_stay);
  const { t, i18n } = useLingui();
  const name = pet.name;
  const notGiven = (
    <Unknown>
      <Trans>Not given</Trans>
    </Unknown>
  );
  return (
    <article
      data-testid="pet-card"
      aria-labelledby={`pet-${pet.id}`}
      className="flex h-full flex-col overflow-hidden surface-card"
    >
      <div className="relative aspect-[3/2] bg-sand-100">
        {pet.photo_url ? (
          <CardPhoto
            url={pet.photo_url}
            sizes="(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
            alt={t`Photo of ${name}`}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-primary-50 via-sand-50 to-sand-200" data-testid="pet-photo-placeholder">
            <span className="flex size-20 items-center justify-center rounded-full bg-white/80 text-primary-700 shadow-sm ring-1 ring-primary-100">
              <Icon className="size-10" strokeWidth={1.5} aria-hidden="true" />
            </span>
            <Button variant="link" size="sm" onClick={onEdit} className="text-sm">
              <AddAPhotoOf name={name} />
            </Button>
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h2 id={`pet-${pet.id}`} translate="no" className="truncate text-xl font-bold text-stone-900">
          {pet.name}
        </h2>
        <p className="mt-0.5 flex items-center gap-1.5 text-stone-600">
          <Icon className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {i18n._(PET_TYPE_ONE[pet.type])}
            {pet.breed && (
              <>
                {' · '}
                <span translate="no">{pet.breed}</span>
              </>
            )}
          </span>
        </p>

        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-[0.9375rem]">
          <Fact term={t`Size`}>{sizeText(pet.size, i18n)}</Fact>
          <Fact term={t`Age`}>{pet.birth_date ? formatAge(pet.birth_date, today, i18n) : notGiven}</Fact>
          <Fact term={t`Weight`}>{pet.weight_kg === null ? notGiven : `${i18n.number(pet.weight_kg)} kg`}</Fact>
          <Fact term={t`Spayed/neutered`}>
            {pet.neutered === null ? (
              <Unknown>
                <Trans>Not said</Trans>
              </Unknown>
            ) : pet.neutered ? (
              <Trans>Yes</Trans>
            ) : (
              <Trans>No</Trans>
            )}
          </Fact>
        </dl>

        <h3 className="mt-5 text-sm text-stone-600">
          <Trans>Vaccinations</Trans>
        </h3>
        <ul className="mt-2 flex flex-col gap-2">
          {VACCINES.map((vaccine) => {
            const given = pet.vaccinations[vaccine];
            const label = vaccineName(i18n, vaccine, pet.type);
            return (
              <li key={vaccine} className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-x-2" data-testid={`vaccination-${vaccine}`}>
                <span className="font-semibold text-stone-900">{label}</span>
                <span className="flex flex-wrap items-center gap-x-2.5 gap-y-1 pt-px">
                  <VaccinationBadge givenOn={given?.given_on ?? null} today={today} />
                  {given?.has_certificate && (
                    <span className="inline-flex items-center gap-1 text-xs font-medium text-stone-600">
                      <FileCheck2 className="size-3.5" aria-hidden="true" />
                      <Trans>Certificate</Trans>
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>

        {(pet.temperament || pet.notes) && (
          <div className="mt-5 flex flex-col gap-1.5 border-t border-stone-100 pt-4 text-sm text-stone-700">
            {pet.temperament && <p className="line-clamp-2 break-words">{pet.temperament}</p>}
            {pet.notes && <p className="line-clamp-3 break-words text-stone-600">{pet.notes}</p>}
          </div>
        )}

        <div className="mt-auto pt-5">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={t`Edit ${name}`}>
              <Pencil aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            {!booked && (
              <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t`Remove ${name}`}>
                <Trash2 aria-hidden="true" />
                <Trans>Remove</Trans>
              </Button>
            )}
          </div>
          {booked && (
            <div className="mt-3">
              <BookedNote pet={pet} />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="break-words font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function Unknown({ children }: { children: ReactNode }) {
  return <span className="font-normal text-stone-500">{children}</span>;
}

/** "Booked for <title> from 4 Dec 2026: you can remove this profile once that stay is over." */
function BookedFor({ title, from }: { title: string; from: IsoDate }) {
  const { i18n } = useLingui();
  const home = <strong className="font-semibold text-stone-900">{verbatim(title)}</strong>;
  const date = formatDate(from, i18n);
  return <Trans>Booked for {home} from {date}: you can remove this profile once that stay is over.</Trans>;
}

/** "Add a photo", and for a screen reader whose: the pet's name as its owner wrote it. */
function AddAPhotoOf({ name: written }: { name: string }) {
  const name = verbatim(written);
  return (
    <Trans>
      Add a photo<span className="sr-only"> of {name}</span>
    </Trans>
  );
}
