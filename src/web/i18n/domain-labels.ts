import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PetType } from '@/domain/pet-types';
import type { PetSize, StaySize } from '@/domain/pet-sizes';
import type { SearchSort } from '@/domain/search-sorts';

// The domain's names for its values, as the screens show them in the page's language
// (`i18n._(STAY_SIZE_NAME[size])`). The domain's English (STAY_SIZE_NAMES, PET_TYPE_LABELS) stays
// for the server's texts (e-mails, statements) and the screens not yet translated (issue 39).

/** A pet size's short name, as chips and badges show it (domain/pet-sizes.ts STAY_SIZE_NAMES). */
export const STAY_SIZE_NAME: Readonly<Record<StaySize, MessageDescriptor>> = {
  small: msg({ message: 'Small', context: 'pet size' }),
  medium: msg({ message: 'Medium', context: 'pet size' }),
  large: msg({ message: 'Large', context: 'pet size' }),
};

/** A pet size with its weights, as forms and stays name it (domain/pet-sizes.ts STAY_SIZE_LABELS). */
export const STAY_SIZE_LABEL: Readonly<Record<StaySize, MessageDescriptor>> = {
  small: msg`Small (under 10kg)`,
  medium: msg`Medium (10-25kg)`,
  large: msg`Large (over 25kg)`,
};

/** A pet's own size, of five (domain/pet-sizes.ts PET_SIZE_LABELS). */
export const PET_SIZE_NAME: Readonly<Record<PetSize, MessageDescriptor>> = {
  xs: msg`Extra small`,
  s: msg({ message: 'Small', context: 'pet size' }),
  m: msg({ message: 'Medium', context: 'pet size' }),
  l: msg({ message: 'Large', context: 'pet size' }),
  xl: msg`Extra large`,
};

/** A kind of pet, one of it (domain/pet-types.ts): "Dog", "Cat". */
export const PET_TYPE_ONE: Readonly<Record<PetType, MessageDescriptor>> = {
  dog: msg`Dog`,
  cat: msg`Cat`,
};

/** A kind of pet, in the plural a filter names it by (domain/pet-policy-labels.ts PET_TYPE_LABELS). */
export const PET_TYPE_NAME: Readonly<Record<PetType, MessageDescriptor>> = {
  dog: msg({ message: 'Dogs', context: 'pet type' }),
  cat: msg({ message: 'Cats', context: 'pet type' }),
};

/** The search's Sort menu, in the menu's order (that of SEARCH_SORTS). */
export const SORT_NAME: Readonly<Record<SearchSort, MessageDescriptor>> = {
  recommended: msg`Recommended`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  distance: msg`Distance`,
  rating: msg`Rating`,
};
