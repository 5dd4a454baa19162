// The booking forms' texts (SPEC.md section 8 words `missing`), shared by the browser and the
// server; a module of its own, without zod, so that a first view brings only these few bytes.

export const BOOKING_MESSAGES = {
  missing: 'Please select dates and pet size',
  badDate: 'Dates must be real dates written as yyyy-MM-dd',
  badSize: 'Choose small, medium or large',
  noteTooLong: 'Special requests must be at most 1000 characters',
  listing: 'Choose a listing',
  pet: 'Choose which pets are coming',
  tooManyPets: 'Choose at most 10 pets',
  petTwice: 'Choose each pet once',
} as const;

export const BOOKING_NOTE_MAX = 1000;
