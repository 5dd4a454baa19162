import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { ChevronDown, MapPin, SlidersHorizontal } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatInr } from '@/domain/money/units';
import { STAY_SIZES, type StaySize } from '@/domain/pet-sizes';
import { DateRangePicker } from '@/web/components/date-range-picker';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { RangeSlider } from '@/web/components/ui/slider';
import { Switch } from '@/web/components/ui/switch';
import { ToggleChip } from '@/web/components/ui/toggle-chip';
import { useSession } from '@/web/features/auth';
import { PET_TYPE_NAME, STAY_SIZE_NAME } from '@/web/i18n/domain-labels';
import { cn } from '@/web/lib/cn';
import { describeRange } from '@/web/lib/date-range';
import { DEFAULT_FILTERS, PRICE_SLIDER, type SearchFilters } from '../search-url';

// Signed in only: the pets and the policy's filters load then.
const PetFilter = lazy(() => import('./pet-filter'));

/** A price of the slider: its top end means "and above". */
const sliderPriceText = (price: number) => `${formatInr(price)}${price >= PRICE_SLIDER.max ? '+' : ''}`;

export function priceRangeText(min: number, max: number): string {
  return `${formatInr(min)} – ${sliderPriceText(max)}`;
}

export type FilterBarProps = {
  /** The applied filters (from the URL); the bar edits a draft of them until Apply. */
  applied: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  onClear: () => void;
};

/**
 * SPEC.md section 2's filter bar: city, dates (two months), price slider, pet-size chips,
 * Verified Hosts Only, Clear and Apply Filters. On a phone it folds behind a summary of the
 * applied search, so the results start near the top of the screen.
 */
export function FilterBar({ applied, onApply, onClear }: FilterBarProps) {
  const [draft, setDraft] = useState<SearchFilters>(applied);
  const [expanded, setExpanded] = useState(false);
  const { user } = useSession();
  const { t, i18n } = useLingui();
  const ids = { city: useId(), dates: useId(), price: useId(), sizes: useId(), verified: useId(), panel: useId() };
  const set = (patch: Partial<SearchFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setExpanded(false);
    onApply({ ...draft, city: draft.city.trim() || applied.city });
  };

  const toggleSize = (size: StaySize) =>
    set({ sizes: draft.sizes.includes(size) ? draft.sizes.filter((s) => s !== size) : STAY_SIZES.filter((s) => s === size || draft.sizes.includes(s)) });

  return (
    <form onSubmit={submit} role="search" aria-label={t`Search filters`} className="border-b border-stone-200 bg-white">
      {/* Phone: the applied search in one line; the whole bar opens below it. */}
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={ids.panel}
        onClick={() => setExpanded((x) => !x)}
        className="flex w-full items-center gap-3 px-4 py-3 text-left lg:hidden"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <SlidersHorizontal className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          {/* The city as the visitor typed it, which no translation should touch. */}
          <span translate="no" className="block truncate font-semibold text-stone-900">
            {applied.city}
          </span>
          <span className="block truncate text-sm text-stone-600">
            {describeRange(applied, i18n) ?? t`Any dates`} · {priceRangeText(applied.minPrice, applied.maxPrice)}
            {applied.type && ` · ${i18n._(PET_TYPE_NAME[applied.type])}`}
            {applied.sizes.length > 0 && ` · ${applied.sizes.map((s) => i18n._(STAY_SIZE_NAME[s])).join(', ')}`}
            {applied.verified && ` · ${t`Verified`}`}
            {applied.unvaccinated && ` · ${t`No vaccinations asked`}`}
          </span>
        </span>
        <span className="sr-only">{expanded ? t`Hide filters` : t`Show filters`}</span>
        <ChevronDown className={cn('size-5 shrink-0 text-stone-500 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
      </button>

      <div
        id={ids.panel}
        className={cn(
          'flex-col gap-5 border-t border-stone-100 px-4 pt-4 pb-5 lg:flex lg:flex-row lg:flex-wrap lg:items-end lg:gap-x-3 lg:gap-y-3 lg:border-t-0 lg:px-6 lg:py-3',
          expanded ? 'flex' : 'hidden',
        )}
      >
        <div className="flex flex-col gap-1.5 lg:w-36">
          <Label htmlFor={ids.city}>
            <Trans>City</Trans>
          </Label>
          <div className="relative">
            <MapPin className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
            <Input
              id={ids.city}
              value={draft.city}
              onChange={(e) => set({ city: e.target.value })}
              maxLength={50}
              autoComplete="address-level2"
              enterKeyHint="search"
              className="h-11 pl-9"
            />
          </div>
        </div>

        <div className="flex flex-col gap-1.5 lg:w-48">
          <Label id={ids.dates} as="span">
            <Trans>Dates</Trans>
          </Label>
          <DateRangePicker
            aria-labelledby={ids.dates}
            value={{ from: draft.from, to: draft.to }}
            onChange={(range) => set({ from: range.from, to: range.to })}
            placeholder={t`Any dates`}
            numberOfMonths={2}
            className="h-11"
          />
        </div>

        <div className="flex flex-col gap-1.5 lg:w-48">
          <div className="flex items-baseline justify-between gap-3">
            <Label id={ids.price} as="span">
              <Trans>Price</Trans>
            </Label>
            <output aria-live="polite" className="text-sm font-medium text-stone-700">
              {priceRangeText(draft.minPrice, draft.maxPrice)}
            </output>
          </div>
          <RangeSlider
            aria-labelledby={ids.price}
            min={PRICE_SLIDER.min}
            max={PRICE_SLIDER.max}
            step={PRICE_SLIDER.step}
            value={[draft.minPrice, draft.maxPrice]}
            onValueChange={([minPrice, maxPrice]) => set({ minPrice, maxPrice })}
            thumbLabels={[t`Minimum price`, t`Maximum price`]}
            valueText={sliderPriceText}
            className="h-11"
          />
        </div>

        {user && (
          <Suspense fallback={null}>
            <PetFilter draft={draft} onChange={set} />
          </Suspense>
        )}

        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-stone-800">
            <Trans>Pet size</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {STAY_SIZES.map((size) => (
              <ToggleChip key={size} pressed={draft.sizes.includes(size)} onClick={() => toggleSize(size)} className="min-h-11 px-3.5">
                {i18n._(STAY_SIZE_NAME[size])}
              </ToggleChip>
            ))}
          </div>
        </fieldset>

        <div className="flex min-h-11 items-center gap-3">
          <Switch id={ids.verified} checked={draft.verified} onCheckedChange={(verified) => set({ verified })} />
          <Label htmlFor={ids.verified} className="cursor-pointer">
            <Trans>Verified Hosts Only</Trans>
          </Label>
        </div>

        <div className="flex gap-2 lg:ml-auto">
          <Button
            variant="ghost"
            className="flex-1 lg:flex-none lg:px-4"
            onClick={() => {
              // The bar remounts when the URL's filters change; when they were the defaults already
              // it does not, so the draft is reset here too.
              setDraft(DEFAULT_FILTERS);
              setExpanded(false);
              onClear();
            }}
          >
            <Trans>Clear</Trans>
          </Button>
          <Button type="submit" className="flex-1 lg:flex-none">
            <Trans>Apply Filters</Trans>
          </Button>
        </div>
      </div>
    </form>
  );
}
