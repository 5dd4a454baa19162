// A pet record has a fine size (xs..xl); bookings, listings and search use three bands.
export const PET_SIZES = ['xs', 's', 'm', 'l', 'xl'] as const;
export type PetSize = (typeof PET_SIZES)[number];

export const STAY_SIZES = ['small', 'medium', 'large'] as const;
export type StaySize = (typeof STAY_SIZES)[number];

/** Short names: filter chips and size badges. */
export const STAY_SIZE_NAMES: Record<StaySize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** Booking form labels, word for word from SPEC.md. */
export const STAY_SIZE_LABELS: Record<StaySize, string> = {
  small: 'Small (under 10kg)',
  medium: 'Medium (10-25kg)',
  large: 'Large (over 25kg)',
};

export const PET_SIZE_LABELS: Record<PetSize, string> = {
  xs: 'Extra small',
  s: 'Small',
  m: 'Medium',
  l: 'Large',
  xl: 'Extra large',
};

export function staySizeOf(size: PetSize): StaySize {
  if (size === 'xs' || size === 's') return 'small';
  if (size === 'm') return 'medium';
  return 'large';
}
