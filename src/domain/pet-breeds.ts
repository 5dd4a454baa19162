import type { PetType } from './pet-types';

// The breeds the pet form suggests: those most often met in India, Indian breeds among them, in
// alphabetical order. A suggestion only: the field takes any text.

const DOG_BREEDS = [
  'Beagle',
  'Border Collie',
  'Boxer',
  'Chihuahua',
  'Chippiparai',
  'Chow Chow',
  'Cocker Spaniel',
  'Dachshund',
  'Dalmatian',
  'Dobermann',
  'French Bulldog',
  'German Shepherd',
  'Golden Retriever',
  'Great Dane',
  'Indian Pariah (Indie)',
  'Indian Spitz',
  'Jack Russell Terrier',
  'Kombai',
  'Labrador Retriever',
  'Lhasa Apso',
  'Maltese',
  'Mixed breed',
  'Mudhol Hound',
  'Pembroke Welsh Corgi',
  'Pomeranian',
  'Poodle',
  'Pug',
  'Rajapalayam',
  'Rottweiler',
  'Saint Bernard',
  'Shih Tzu',
  'Siberian Husky',
  'Yorkshire Terrier',
] as const;

const CAT_BREEDS = [
  'American Shorthair',
  'Bengal',
  'Bombay',
  'British Shorthair',
  'Exotic Shorthair',
  'Himalayan',
  'Indian (Desi) cat',
  'Maine Coon',
  'Mixed breed',
  'Persian',
  'Ragdoll',
  'Scottish Fold',
  'Siamese',
  'Sphynx',
] as const;

export const PET_BREEDS: Record<PetType, readonly string[]> = { dog: DOG_BREEDS, cat: CAT_BREEDS };
