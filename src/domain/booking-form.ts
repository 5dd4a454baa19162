// The booking forms' texts (SPEC.md section 8 words `missing`), shared by the browser and the
// server; a module of its own, without zod, so that a first view brings only these few bytes.

export const BOOKING_MESSAGES = {
  missing: /*i18n*/ 'Please select dates and pet size',
  badDate: /*i18n*/ 'Dates must be real dates written as yyyy-MM-dd',
  badSize: /*i18n*/ 'Choose small, medium or large',
  noteTooLong: /*i18n*/ 'Special requests must be at most 1000 characters',
  listing: /*i18n*/ 'Choose a listing',
  pet: /*i18n*/ 'Choose which pets are coming',
  tooManyPets: /*i18n*/ 'Choose at most 10 pets',
  petTwice: /*i18n*/ 'Choose each pet once',
  /** A request from a guest with no pet profile: refused by the server, said at once by the listing page. */
  noPet: /*i18n*/ 'Please add a pet profile first',
} as const;

export const BOOKING_NOTE_MAX = 1000;
