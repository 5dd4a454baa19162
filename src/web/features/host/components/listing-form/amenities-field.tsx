import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { LISTING_LIMITS } from '@/domain/listing-limits';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { ToggleChip } from '@/web/components/ui/toggle-chip';
import { toast } from '@/web/lib/toast';
import { ChipGroup } from './form-parts';

// The amenities: the suggested ones as chips, and the host's own, added by name.

export const SUGGESTED_AMENITIES = [
  'WiFi',
  'Air conditioning',
  'Parking',
  'Fenced garden',
  'Dog bowls & beds',
  'Cat trees',
  'Litter boxes',
  'Near a park',
  'Dog walking included',
  'Pet sitter on call',
  'Balcony with safety net',
  'Vet nearby',
  'Power backup',
  'Lift',
];

export function AmenitiesField({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string }) {
  const [custom, setCustom] = useState('');
  const inputId = useId();
  const has = (name: string) => value.some((v) => v.toLowerCase() === name.toLowerCase());
  const options = [...SUGGESTED_AMENITIES, ...value.filter((v) => !SUGGESTED_AMENITIES.some((s) => s.toLowerCase() === v.toLowerCase()))];
  const full = value.length >= LISTING_LIMITS.amenities.max;

  const add = () => {
    const name = custom.trim().replace(/\s+/g, ' ');
    if (!name) return;
    if (name.length > LISTING_LIMITS.amenities.itemMax) {
      toast.error('Each amenity must be less than 50 characters');
      return;
    }
    if (!has(name)) {
      if (full) {
        toast.error('Choose at most 20 amenities');
        return;
      }
      onChange([...value, name]);
    }
    setCustom('');
  };

  return (
    <div className="flex flex-col gap-6">
      <ChipGroup label="Amenities" error={error} hint={`${value.length} of ${LISTING_LIMITS.amenities.max} chosen`}>
        {options.map((name) => {
          const on = has(name);
          return (
            <ToggleChip
              key={name}
              pressed={on}
              disabled={!on && full}
              onClick={() => onChange(on ? value.filter((v) => v.toLowerCase() !== name.toLowerCase()) : [...value, name])}
            >
              {name}
            </ToggleChip>
          );
        })}
      </ChipGroup>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
          Add your own
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            placeholder="e.g. Grooming corner"
            className="min-w-0"
          />
          <Button type="button" variant="outline" onClick={add} disabled={!custom.trim()} className="h-12">
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
    </div>
  );
}
