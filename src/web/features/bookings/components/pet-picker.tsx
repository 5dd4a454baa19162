import { useEffect, useId, useMemo } from 'react';
import { CircleAlert } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Pet } from '@/domain/contracts/pet';
import type { IsoDate } from '@/domain/dates';
import { type PetPolicy, policyProblems, toPolicyPet } from '@/domain/pet-policy';
import { PET_SIZE_NAME, PET_TYPE_ONE } from '@/web/i18n/domain-labels';
import { cn } from '@/web/lib/cn';
import { PetPhoto } from './pet-photo';
import { policyProblemText } from '../policy-problem-words';

// Which of my pets come: the listing page's booking card, signed in with pets (a chunk of its own,
// loaded only then). Every pet chosen is checked against the home's pet policy as the server will
// check it (domain/pet-policy.ts), and each rule that fails is said by name before anything is sent.

export type PetChoice = { ids: string[]; problems: string[] };

/** The pets chosen at first: the first one the policy welcomes on its own, else the first. */
export function firstChoice(pets: readonly Pet[], policy: PetPolicy, on: IsoDate): string[] {
  const welcome = pets.find((p) => policyProblems(policy, [toPolicyPet(p)], on).length === 0) ?? pets[0];
  return welcome ? [welcome.id] : [];
}

export function PetPicker({
  pets,
  chosen,
  policy,
  on,
  onChange,
}: {
  pets: readonly Pet[];
  /** null until the guest has chosen: then the first pet the policy welcomes. */
  chosen: readonly string[] | null;
  policy: PetPolicy;
  /** The stay's first day (today until dates are chosen): vaccinations must cover the pet then. */
  on: IsoDate;
  /** Each change of the choice or of its problems; `byGuest` when the guest ticked or unticked a pet. */
  onChange: (choice: PetChoice, byGuest: boolean) => void;
}) {
  const { i18n } = useLingui();
  const uid = useId();
  // A pet deleted meanwhile (in another tab) leaves the choice: it has no box left to untick.
  const ids = useMemo(() => (chosen ? chosen.filter((id) => pets.some((p) => p.id === id)) : firstChoice(pets, policy, on)), [chosen, pets, policy, on]);
  const problemsOf = (of: readonly string[]) =>
    policyProblems(policy, pets.filter((p) => of.includes(p.id)).map(toPolicyPet), on).map((p) => policyProblemText(p, pets, policy, of.length, i18n));
  const problems = problemsOf(ids);
  const key = JSON.stringify({ ids: [...ids], problems } satisfies PetChoice);
  // The card sends what is shown: the choice and its problems follow the dates and the pets too.
  useEffect(() => onChange(JSON.parse(key) as PetChoice, false), [key, onChange]);

  const toggle = (id: string, checked: boolean) => {
    const next = checked ? [...ids, id] : ids.filter((c) => c !== id);
    // In the order the pets are listed, whatever order they were ticked in.
    const ordered = pets.filter((p) => next.includes(p.id)).map((p) => p.id);
    onChange({ ids: ordered, problems: problemsOf(ordered) }, true);
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={problems.length > 0 ? `${uid}-problems` : `${uid}-hint`}>
      <legend className="mb-2 text-sm font-semibold text-stone-900">
        <Trans>Who's coming</Trans>
      </legend>
      <ul className="flex flex-col gap-2">
        {pets.map((pet) => {
          const checked = ids.includes(pet.id);
          return (
            <li key={pet.id}>
              <label
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
                  checked ? 'border-primary-300 bg-primary-50' : 'border-stone-200 hover:border-stone-300',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary-600"
                  checked={checked}
                  onChange={(e) => toggle(pet.id, e.target.checked)}
                />
                <PetPhoto url={pet.photo_url} alt="" className="size-9 rounded-full" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-stone-900" translate="no">
                    {pet.name}
                  </span>
                  <span className="block text-sm text-stone-600">
                    {i18n._(PET_TYPE_ONE[pet.type])} · {i18n._(PET_SIZE_NAME[pet.size])}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {/* Mounted from the start, so that screen readers announce the problems as they appear. */}
      <div id={`${uid}-problems`} role="status" className={cn(problems.length > 0 && 'rounded-xl bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900')}>
        {problems.length > 0 && (
          <ul className="flex flex-col gap-1.5">
            {problems.map((message, i) => (
              <li key={i} className="flex items-start gap-1.5">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{message}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {problems.length === 0 && (
        <p id={`${uid}-hint`} className="text-sm text-stone-600">
          <Plural value={policy.max_pets} one="Up to # pet. The host sees their profiles with your request." other="Up to # pets. The host sees their profiles with your request." />
        </p>
      )}
    </fieldset>
  );
}
