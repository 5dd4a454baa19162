import { Check, PawPrint, X } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ListingDetail } from '@/domain/contracts/listing';
import { type HostPetKind, HOUSE_RULE_LABELS } from '@/domain/pet-policy-labels';
import { STAY_SIZES } from '@/domain/pet-sizes';
import { PET_TYPE_ONE, STAY_SIZE_LABEL } from '@/web/i18n/domain-labels';
import { cn } from '@/web/lib/cn';
import { inPageLanguage } from '@/web/i18n/known-words';

// The listing page's pet policy (PRODUCT.md section 9): plain markup the server renders, read
// from the listing itself; the booking card checks a guest's pets against the same policy.

type Policy = Pick<
  ListingDetail,
  'pet_types' | 'size_supported' | 'max_pets' | 'vaccinations_required' | 'house_rules' | 'house_rules_note' | 'host_pets'
>;

const HOST_PET_KIND: Readonly<Record<HostPetKind, MessageDescriptor>> = { dog: PET_TYPE_ONE.dog, cat: PET_TYPE_ONE.cat, other: msg`Other pet` };

export function PetPolicy({ policy }: { policy: Policy }) {
  const { i18n, t } = useLingui();
  const types = policy.pet_types;
  const note = policy.house_rules_note.trim();
  const only = types.length === 1 ? types[0] : undefined;
  const petsText = only === 'dog' ? t`Dogs only` : only === 'cat' ? t`Cats only` : t`Dogs and cats`;
  // The core vaccine the policy asks for, by the types it takes.
  const vaccinesText =
    only === 'dog'
      ? t`Rabies and DHPPi, current on the stay's first day`
      : only === 'cat'
        ? t`Rabies and FVRCP, current on the stay's first day`
        : t`Rabies and the core vaccine (DHPPi for dogs, FVRCP for cats), current on the stay's first day`;

  return (
    <div className="flex flex-col gap-9">
      <dl className="grid gap-x-8 gap-y-5 rounded-3xl bg-sand-50 p-5 ring-1 ring-sand-200 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:p-6">
        <div>
          <dt className="text-sm text-stone-600">
            <Trans>Pets</Trans>
          </dt>
          <dd className="font-semibold text-stone-900">{petsText}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">
            <Trans>Maximum</Trans>
          </dt>
          <dd className="font-semibold text-stone-900">
            <Plural value={policy.max_pets} one="# pet per stay" other="# pets per stay" />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">
            <Trans>Vaccinations</Trans>
          </dt>
          <dd className="font-semibold text-stone-900">{policy.vaccinations_required ? t`Required` : t`Not required`}</dd>
          {policy.vaccinations_required && <dd className="text-sm text-stone-700">{vaccinesText}</dd>}
        </div>
      </dl>

      <section aria-labelledby="sizes-title">
        <h3 id="sizes-title" className="mb-3.5 font-semibold text-stone-900">
          <Trans>Accepted pet sizes</Trans>
        </h3>
        <ul className="grid gap-3 sm:grid-cols-3">
          {STAY_SIZES.map((size) => {
            const ok = policy.size_supported.includes(size);
            return (
              <li
                key={size}
                className={cn(
                  'flex items-center gap-3 rounded-2xl border px-4 py-3.5',
                  ok ? 'border-primary-200 bg-primary-50 text-stone-900' : 'border-stone-200 bg-white text-stone-600',
                )}
              >
                {ok ? <Check className="size-5 shrink-0 text-primary-700" aria-hidden="true" /> : <X className="size-5 shrink-0 text-stone-500" aria-hidden="true" />}
                <span className={cn('text-[0.9375rem]', ok && 'font-semibold')}>
                  {i18n._(STAY_SIZE_LABEL[size])}
                  {!ok && (
                    <span className="sr-only">
                      <Trans>: not accepted</Trans>
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-9 sm:grid-cols-2 sm:gap-8">
        <section aria-labelledby="house-rules-title">
          <h3 id="house-rules-title" className="mb-3.5 font-semibold text-stone-900">
            <Trans>House rules</Trans>
          </h3>
          {policy.house_rules.length > 0 && (
            <ul className="flex flex-col gap-2.5">
              {policy.house_rules.map((rule) => (
                <li key={rule} className="flex items-start gap-2.5 text-stone-800">
                  <Check className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden="true" />
                  {inPageLanguage(i18n, HOUSE_RULE_LABELS[rule])}
                </li>
              ))}
            </ul>
          )}
          {note && (
            <p className={cn('max-w-prose break-words whitespace-pre-line text-stone-700', policy.house_rules.length > 0 && 'mt-3.5')} data-testid="house-rules-note" translate="no">
              {note}
            </p>
          )}
          {policy.house_rules.length === 0 && !note && (
            <p className="text-stone-600">
              <Trans>No special rules. Ask the host about your pet's routine in your request.</Trans>
            </p>
          )}
        </section>

        <section aria-labelledby="host-pets-title">
          <h3 id="host-pets-title" className="mb-3.5 font-semibold text-stone-900">
            <Trans>Pets who live here</Trans>
          </h3>
          {policy.host_pets.length > 0 ? (
            <ul className="flex flex-col gap-2.5">
              {policy.host_pets.map((pet, i) => (
                <li key={i} className="flex items-start gap-2.5 text-stone-800">
                  <PawPrint className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
                  <span className="min-w-0 break-words">
                    <span className="font-semibold text-stone-900">{i18n._(HOST_PET_KIND[pet.kind])}</span> · <span translate="no">{pet.line}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-stone-600">
              <Trans>The host has not listed pets of their own.</Trans>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
