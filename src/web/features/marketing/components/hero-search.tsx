import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_CITY } from '@/domain/cities';
import { DateRangePicker } from '@/web/components/date-range-picker';
import { Button } from '@/web/components/ui/button';
import type { DateRangeValue } from '@/web/lib/date-range';

/** `/search?city=...&from=...&to=...`, leaving out what is empty (dates only as a full range). */
export function searchHref(city: string, dates: DateRangeValue): string {
  const params = new URLSearchParams();
  const trimmed = city.trim();
  if (trimmed) params.set('city', trimmed);
  if (dates.from && dates.to) {
    params.set('from', dates.from);
    params.set('to', dates.to);
  }
  const qs = params.toString();
  return qs ? `/search?${qs}` : '/search';
}

/** The landing page's search bar: city, dates, Search. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [dates, setDates] = useState<DateRangeValue>({});
  const cityId = useId();
  const { t } = useLingui();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const city = new FormData(event.currentTarget).get('city');
    void navigate(searchHref(typeof city === 'string' ? city : '', dates));
  }

  return (
    <form
      role="search"
      aria-label={t`Find a stay`}
      // Sent by the browser itself before the app runs (decision 011): the city still reaches the search.
      action="/search"
      method="get"
      onSubmit={onSubmit}
      className="flex flex-col gap-1 rounded-3xl border border-stone-200 bg-white p-2 shadow-[0_16px_40px_-16px_rgb(28_25_23/0.28)] sm:flex-row sm:items-center sm:gap-0 sm:rounded-full"
    >
      <div className="flex min-w-0 flex-1 cursor-text flex-col rounded-2xl px-4 py-2.5 transition-colors focus-within:bg-stone-100 focus-within:outline-2 focus-within:outline-primary-600 hover:bg-stone-100 sm:rounded-full sm:px-6">
        <label htmlFor={cityId} className="text-xs font-semibold text-stone-900">
          {t`City`}
        </label>
        <input
          id={cityId}
          name="city"
          // Not a controlled input: hydrating one resets it to the server's value, and the server's
          // page (decision 011) may already have been typed into.
          defaultValue={DEFAULT_CITY}
          autoComplete="address-level2"
          placeholder={t`Where are you going?`}
          className="w-full bg-transparent p-0 text-[0.9375rem] text-stone-900 placeholder:text-stone-600 focus:outline-none"
        />
      </div>
      <div aria-hidden="true" className="mx-4 h-px bg-stone-200 sm:mx-0 sm:h-8 sm:w-px" />
      <div className="min-w-0 sm:flex-[1.15]">
        <DateRangePicker variant="segment" label={t`Dates`} value={dates} onChange={setDates} />
      </div>
      <Button type="submit" size="lg" className="mt-1 sm:mt-0 sm:ml-2">
        <Search aria-hidden="true" />
        {t`Search`}
      </Button>
    </form>
  );
}
