import { useEffect, useRef, useState } from 'react';
import { cityCentre } from '@/domain/cities';
import type { ListingCreate } from '@/domain/contracts/listing';
import { parseNumberInput } from '@/domain/listing-limits';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LazyMap, type LatLng } from '@/web/features/map';
import type { SchemaForm } from '@/web/lib/form';
import type { ListingFormValues } from './values';

/** Whether a coordinate field holds a usable number (the pin follows the fields when they do). */
function coordinate(text: string, limit: number): number | undefined {
  const value = parseNumberInput(text);
  return text.trim() !== '' && Math.abs(value) <= limit ? value : undefined;
}

type FormApi = SchemaForm<ListingFormValues, ListingCreate>;

/**
 * The map pin and the coordinate fields, kept in step: dragging or clicking moves the pin and
 * fills the fields; typing in the fields moves the pin. While the host has not placed the pin,
 * a known city (Ahmedabad, Gandhinagar, Vadodara) moves it to that city's centre.
 */
export function LocationField({ form, editing, latError, lngError }: { form: FormApi; editing: boolean; latError?: string; lngError?: string }) {
  const { lat: latText, lng: lngText, city } = form.values;
  const { setValue } = form;
  const placed = useRef(editing);
  const last = useRef<LatLng>({ lat: parseNumberInput(latText), lng: parseNumberInput(lngText) });
  // Typed coordinates move the pin once the typing pauses (not to 2° while "23.05" is typed).
  const [typed, setTyped] = useState({ latText, lngText });
  useEffect(() => {
    const timer = setTimeout(() => setTyped({ latText, lngText }), 400);
    return () => clearTimeout(timer);
  }, [latText, lngText]);
  const lat = coordinate(typed.latText, 90);
  const lng = coordinate(typed.lngText, 180);
  if (lat !== undefined && lng !== undefined) last.current = { lat, lng };

  const setPin = ({ lat, lng }: LatLng) => {
    placed.current = true;
    setValue('lat', String(lat));
    setValue('lng', String(lng));
    setTyped({ latText: String(lat), lngText: String(lng) });
  };

  useEffect(() => {
    if (placed.current) return;
    const centre = cityCentre(city ?? '');
    if (!centre) return;
    setValue('lat', String(centre.lat));
    setValue('lng', String(centre.lng));
  }, [city, setValue]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-sm font-semibold text-stone-800" id="pin-label">
          Location on the map
        </p>
        <p className="mt-1 text-sm text-stone-600">Drag the pin to your home, or click the map to place it. You can also type the coordinates.</p>
      </div>
      <LazyMap
        eager
        mode="pin"
        lat={last.current.lat}
        lng={last.current.lng}
        zoom={13}
        label="Map: place your home's pin"
        pinLabel="Your home's location"
        onPinChange={setPin}
        className="aspect-[4/3] w-full rounded-2xl ring-1 ring-stone-200 sm:aspect-[16/9]"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {(
          [
            ['lat', 'Latitude', latError],
            ['lng', 'Longitude', lngError],
          ] as const
        ).map(([field, label, error]) => (
          <FormField key={field} label={label} error={error}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="tabular-nums"
                {...form.register(field, { onChange: () => (placed.current = true) })}
              />
            )}
          </FormField>
        ))}
      </div>
    </div>
  );
}
