import type { HostPet } from '../../../domain/pet-policy-labels';
import type { PetSize, StaySize } from '../../../domain/pet-sizes';

// The demo content: a believable Ahmedabad (and a few stays in Gandhinagar and Vadodara).
// Plain data only; seed.ts turns it into rows, photos, bookings and reviews, deterministically.
// Every text here respects the listing limits of SPEC.md section 5 (seed.test.ts checks them).

export const DEMO_EMAIL_DOMAIN = 'demo.pawstay.in';

// ---------------------------------------------------------------------------------------------
// Neighbourhoods: each one's real centre; listings are jittered a few hundred metres around it.

export type Area = {
  name: string;
  city: 'Ahmedabad' | 'Gandhinagar' | 'Vadodara';
  state: 'Gujarat';
  pin: string;
  lat: number;
  lng: number;
};

export const AREAS = {
  satellite: { name: 'Satellite', city: 'Ahmedabad', state: 'Gujarat', pin: '380015', lat: 23.027, lng: 72.52 },
  bodakdev: { name: 'Bodakdev', city: 'Ahmedabad', state: 'Gujarat', pin: '380054', lat: 23.0395, lng: 72.511 },
  prahladNagar: { name: 'Prahlad Nagar', city: 'Ahmedabad', state: 'Gujarat', pin: '380015', lat: 23.012, lng: 72.51 },
  navrangpura: { name: 'Navrangpura', city: 'Ahmedabad', state: 'Gujarat', pin: '380009', lat: 23.037, lng: 72.56 },
  vastrapur: { name: 'Vastrapur', city: 'Ahmedabad', state: 'Gujarat', pin: '380015', lat: 23.038, lng: 72.529 },
  thaltej: { name: 'Thaltej', city: 'Ahmedabad', state: 'Gujarat', pin: '380059', lat: 23.049, lng: 72.506 },
  maninagar: { name: 'Maninagar', city: 'Ahmedabad', state: 'Gujarat', pin: '380008', lat: 22.9965, lng: 72.603 },
  bopal: { name: 'Bopal', city: 'Ahmedabad', state: 'Gujarat', pin: '380058', lat: 23.03, lng: 72.467 },
  chandkheda: { name: 'Chandkheda', city: 'Ahmedabad', state: 'Gujarat', pin: '382424', lat: 23.108, lng: 72.586 },
  paldi: { name: 'Paldi', city: 'Ahmedabad', state: 'Gujarat', pin: '380007', lat: 23.011, lng: 72.564 },
  sgHighway: { name: 'SG Highway', city: 'Ahmedabad', state: 'Gujarat', pin: '380054', lat: 23.032, lng: 72.5068 },
  ambli: { name: 'Ambli', city: 'Ahmedabad', state: 'Gujarat', pin: '380058', lat: 23.0255, lng: 72.493 },
  gota: { name: 'Gota', city: 'Ahmedabad', state: 'Gujarat', pin: '382481', lat: 23.101, lng: 72.54 },
  naranpura: { name: 'Naranpura', city: 'Ahmedabad', state: 'Gujarat', pin: '380013', lat: 23.057, lng: 72.553 },
  ellisbridge: { name: 'Ellisbridge', city: 'Ahmedabad', state: 'Gujarat', pin: '380006', lat: 23.024, lng: 72.565 },
  shahibaug: { name: 'Shahibaug', city: 'Ahmedabad', state: 'Gujarat', pin: '380004', lat: 23.057, lng: 72.593 },
  scienceCity: { name: 'Science City', city: 'Ahmedabad', state: 'Gujarat', pin: '380060', lat: 23.078, lng: 72.496 },
  gnSector21: { name: 'Sector 21', city: 'Gandhinagar', state: 'Gujarat', pin: '382021', lat: 23.2323, lng: 72.639 },
  gnKudasan: { name: 'Kudasan', city: 'Gandhinagar', state: 'Gujarat', pin: '382421', lat: 23.1863, lng: 72.6319 },
  vdAlkapuri: { name: 'Alkapuri', city: 'Vadodara', state: 'Gujarat', pin: '390007', lat: 22.3105, lng: 73.1685 },
  vdGotri: { name: 'Gotri', city: 'Vadodara', state: 'Gujarat', pin: '390021', lat: 22.315, lng: 73.138 },
} as const satisfies Record<string, Area>;

export type AreaKey = keyof typeof AREAS;

/** Listings sit within this many degrees (about 330 m) of their area's centre. */
export const JITTER_DEGREES = 0.003;

// ---------------------------------------------------------------------------------------------
// People. The first host's e-mail marks the demo as loaded (see seed.ts).

/**
 * `verified`: the host passed verification (issue 23), so each listing of theirs carries the badge.
 * `pets`: the host's own pets, which every listing of theirs shows in its pet policy.
 */
export type DemoHost = { name: string; email: string; joined: string; verified: boolean; pets: HostPet[] };

const email = (name: string) => `${name.toLowerCase().replace(/\s+/g, '.')}@${DEMO_EMAIL_DOMAIN}`;
const host = (name: string, joined: string, verified: boolean, pets: HostPet[] = []): DemoHost => ({ name, email: email(name), joined, verified, pets });

/** `joined` is the account's creation date (never later than shortly before the seed runs). */
export const DEMO_HOSTS: DemoHost[] = [
  host('Meera Shah', '2025-01-14', true, [{ kind: 'dog', line: 'Laddoo, a calm nine-year-old Indie who ignores visitors' }]),
  host('Rohan Patel', '2025-02-03', true),
  host('Priya Desai', '2025-03-21', true, [{ kind: 'cat', line: 'Chiku, a shy tabby who keeps to the study' }]),
  host('Arjun Mehta', '2025-04-09', true, [
    { kind: 'dog', line: 'Tiger, a friendly Labrador who loves company' },
    { kind: 'dog', line: 'Rani, a young Indie, playful with dogs her size' },
  ]),
  host('Kavya Joshi', '2025-05-27', false),
  host('Harsh Trivedi', '2025-07-15', true, [{ kind: 'other', line: 'Two budgies in a cage on the terrace' }]),
  host('Nisha Parikh', '2025-08-30', true, [{ kind: 'cat', line: 'Bijli, an older Persian who sleeps most of the day' }]),
  host('Vikram Chauhan', '2025-10-12', true),
  host('Ananya Bhatt', '2025-12-05', false),
  host('Dhruv Amin', '2026-01-19', false),
  host('Jignesh Raval', '2026-03-02', true),
  host('Pooja Dave', '2026-04-24', true),
];

export type DemoPet = {
  name: string;
  type: 'dog' | 'cat';
  breed: string;
  size: PetSize;
  weightKg: number;
  /** Its age in whole months when the seed runs: the birth date follows today. */
  ageMonths: number;
  neutered: boolean | null;
  temperament: string;
  notes: string;
  /** Days before the seed runs that each dose was given; null: none recorded. Over 365: due. */
  vaccinated: { rabies: number | null; core: number | null };
  /** Its photo in the shared folder (DEMO_PHOTOS_DIR). */
  photo: string;
  /** A booking note the owner might write. */
  bookingNote: string;
};

export type DemoGuest = { name: string; email: string; joined: string; pets: DemoPet[] };

const guest = (name: string, joined: string, pets: DemoPet[]): DemoGuest => ({
  name,
  email: email(name),
  joined,
  pets,
});

export const DEMO_GUESTS: DemoGuest[] = [
  guest('Aditi Sharma', '2025-02-11', [
    {
      name: 'Bruno',
      type: 'dog',
      breed: 'Golden Retriever',
      size: 'l',
      weightKg: 31.5,
      ageMonths: 50,
      neutered: true,
      temperament: 'Gentle and eager to please; good with children and other dogs',
      notes: 'Loves water and fetch. Eats twice a day, no chicken.',
      vaccinated: { rabies: 120, core: 120 },
      photo: 'pets/dog-09-retriever-o5ky.jpg',
      bookingNote: 'Bruno needs his evening walk before 7 pm; his food is in the bag we bring.',
    },
  ]),
  guest('Karan Vyas', '2025-03-30', [
    {
      name: 'Simba',
      type: 'dog',
      breed: 'Border Collie mix',
      size: 'm',
      weightKg: 17,
      ageMonths: 38,
      neutered: true,
      temperament: 'Friendly with people, unsure of big dogs',
      notes: 'Adopted from a shelter in Paldi. Needs a long run every morning.',
      vaccinated: { rabies: 60, core: 400 },
      photo: 'pets/dog-11-border-collie-marslady.jpg',
      bookingNote: 'Simba is shy with large dogs at first; please introduce them slowly.',
    },
    {
      name: 'Kaju',
      type: 'cat',
      breed: 'Indian (Desi) cat',
      size: 's',
      weightKg: 5.4,
      ageMonths: 30,
      neutered: true,
      temperament: 'Hides for the first hour, then follows you from room to room',
      notes: 'Indoor cat. Likes high shelves and cardboard boxes.',
      vaccinated: { rabies: 200, core: 200 },
      photo: 'pets/cat-07-tabby-kari-shea.jpg',
      bookingNote: 'Kaju hides for the first hour, that is normal. Wet food at 8 am and 8 pm.',
    },
  ]),
  guest('Sneha Iyer', '2025-06-18', [
    {
      name: 'Mishti',
      type: 'cat',
      breed: 'Persian',
      size: 's',
      weightKg: 5.1,
      ageMonths: 70,
      neutered: true,
      temperament: 'Calm and affectionate; dislikes loud noises',
      notes: 'Daily brushing. Sensitive stomach: only her own dry food.',
      vaccinated: { rabies: 90, core: 90 },
      photo: 'pets/cat-05-grey-milada-vigerova.jpg',
      bookingNote: 'Please brush Mishti once a day; her comb is in the carrier pocket.',
    },
  ]),
  guest('Rahul Nair', '2025-09-02', [
    {
      name: 'Coco',
      type: 'dog',
      breed: 'Dachshund',
      size: 's',
      weightKg: 8.5,
      ageMonths: 44,
      neutered: false,
      temperament: 'Curious and vocal; follows his nose everywhere',
      notes: 'Always on a lead outdoors. No jumping off sofas: his back.',
      vaccinated: { rabies: 300, core: 300 },
      photo: 'pets/dog-05-dachshund-on-sofa-macrz.jpg',
      bookingNote: 'Coco is an escape artist: please keep the gate latched.',
    },
  ]),
  guest('Ishita Pandya', '2025-11-23', [
    {
      name: 'Pepper',
      type: 'dog',
      breed: 'Pembroke Welsh Corgi',
      size: 'm',
      weightKg: 12,
      ageMonths: 26,
      neutered: true,
      temperament: 'Bossy with other dogs, sweet with people',
      notes: 'Hates the heat; needs air conditioning in the afternoon.',
      vaccinated: { rabies: 150, core: 150 },
      photo: 'pets/dog-01-corgi-alvan-nee.jpg',
      bookingNote: 'Pepper gets tired in the heat, so short walks in the afternoon please.',
    },
    {
      name: 'Mango',
      type: 'cat',
      breed: 'Indian (Desi) cat',
      size: 'xs',
      weightKg: 2.6,
      ageMonths: 9,
      neutered: null,
      temperament: 'A playful kitten who climbs everything',
      notes: 'Kitten food three times a day.',
      vaccinated: { rabies: null, core: 100 },
      photo: 'pets/cat-01-orange-tabby-alvan-nee.jpg',
      bookingNote: 'Mango is a playful kitten; a few toys are in the carrier.',
    },
  ]),
  guest('Manav Soni', '2026-01-08', [
    {
      name: 'Sheru',
      type: 'dog',
      breed: 'Chow Chow',
      size: 'l',
      weightKg: 27,
      ageMonths: 60,
      neutered: false,
      temperament: 'Independent and calm; wary of strangers at first',
      notes: 'Well trained, responds to Hindi and English commands. Sleeps on his own blanket.',
      vaccinated: { rabies: 30, core: 30 },
      photo: 'pets/dog-03-chow-chow-lukasz-rawa.jpg',
      bookingNote: 'Sheru knows sit, stay and come; he sleeps on his own blanket.',
    },
  ]),
  guest('Tanvi Rao', '2026-02-26', [
    {
      name: 'Biscuit',
      type: 'dog',
      breed: 'Golden Retriever',
      size: 'l',
      weightKg: 29,
      ageMonths: 34,
      neutered: true,
      temperament: 'Gentle and sociable; loves other dogs',
      notes: 'Sheds a lot in summer.',
      vaccinated: { rabies: 240, core: 240 },
      photo: 'pets/dog-10-retriever-beach-o5ky.jpg',
      bookingNote: 'Biscuit loves other dogs; she is due for a brush every other day.',
    },
    {
      name: 'Motu',
      type: 'cat',
      breed: 'British Shorthair',
      size: 'm',
      weightKg: 10.4,
      ageMonths: 48,
      neutered: true,
      temperament: 'Big, calm and food-motivated',
      notes: 'On a diet: measured meals only, no treats.',
      vaccinated: { rabies: 45, core: 45 },
      photo: 'pets/cat-06-grey-milada-vigerova.jpg',
      bookingNote: 'Motu is on a diet: half a cup of dry food twice a day, no treats.',
    },
  ]),
];

// ---------------------------------------------------------------------------------------------
// Listings.

export type HomeKind = 'apartment' | 'house' | 'villa';
/** Which pets the home is set up for: it decides pet photos and which demo pets stay there. */
export type PetFit = 'dogs' | 'cats' | 'both';

export type DemoListing = {
  title: string;
  area: AreaKey;
  address: string;
  /** Index into DEMO_HOSTS. */
  host: number;
  price: number;
  deposit: number;
  sizes: StaySize[];
  maxPets: number;
  amenities: string[];
  home: HomeKind;
  pets: PetFit;
  description: string;
};

export const DEMO_LISTINGS: DemoListing[] = [
  // Satellite
  {
    title: 'Garden bungalow with a shaded lawn off Satellite Road',
    area: 'satellite',
    address: '14, Shaligram Bungalows, near Shyamal Cross Roads, Satellite, Ahmedabad 380015',
    host: 0,
    price: 3200,
    deposit: 2000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'Our ground-floor bungalow has a fenced lawn shaded by an old neem tree, so dogs can nap outside even in May. Inside you will find washable rugs, two orthopaedic dog beds and steel bowls at floor height. I work from home and walk guest dogs at 7 am and 7 pm through the quiet society lanes off Satellite Road; the garden near Shyamal Cross Roads is ten minutes away on foot.',
  },
  {
    title: 'Quiet 2BHK with a cat-safe balcony in Satellite',
    area: 'satellite',
    address: 'B-402, Devashish Residency, Jodhpur Gam Road, Satellite, Ahmedabad 380015',
    host: 0,
    price: 1400,
    deposit: 1000,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'Balcony with safety net', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'cats',
    description:
      'A calm fourth-floor flat made for cats: the balcony is fully netted, there are two tall cat trees by the windows and a quiet spare room where shy cats can settle in at their own pace. Litter is scooped twice a day and I send a photo every evening. The building is set back from Satellite Road, so the only sounds are sparrows and the temple bell.',
  },
  {
    title: 'Compact studio for one small dog near Star Bazaar',
    area: 'satellite',
    address: '21, Sahjanand Apartments, opp. Star Bazaar, Satellite, Ahmedabad 380015',
    host: 9,
    price: 850,
    deposit: 0,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Dog bowls & beds', 'WiFi', 'Near a park'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'A tidy studio that suits one small, calm dog whose humans are travelling light. There is a soft bed by the window, a water bowl that never runs dry and a basket of chew toys. Mornings start with a slow walk to the little society garden behind Star Bazaar, and evenings with a sniff around the lanes when the heat drops.',
  },
  {
    title: 'Family home with a pet sitter on call, Jodhpur Cross Roads',
    area: 'satellite',
    address: '7, Ratnadeep Society, near Jodhpur Cross Roads, Satellite, Ahmedabad 380015',
    host: 8,
    price: 2600,
    deposit: 1500,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Pet sitter on call', 'Dog bowls & beds', 'Air conditioning', 'Power backup', 'Parking'],
    home: 'house',
    pets: 'both',
    description:
      'We are a family of four with a retired greyhound, and guests are treated like cousins. A trained sitter lives two houses away and steps in whenever we are out. Dogs get a shaded verandah and two walks a day; cats get the quiet upstairs study with a window seat. Power backup keeps the AC running through summer cuts.',
  },
  // Bodakdev
  {
    title: 'Villa with a poolside lawn and dog run, Judges Bungalow Road',
    area: 'bodakdev',
    address: '3, Shivalik Villas, Judges Bungalow Road, Bodakdev, Ahmedabad 380054',
    host: 1,
    price: 7600,
    deposit: 5000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 4,
    amenities: ['Fenced garden', 'Private lawn', 'Dog walking included', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'villa',
    pets: 'dogs',
    description:
      'Our villa has a long lawn with a separate fenced dog run, a shaded sit-out and a pool (humans only, the fence keeps curious paws out). Large breeds are very welcome: the beds are big, the floors are cool marble and there is a walk-in shower for muddy paws. Two walks a day are included, usually to the garden on Judges Bungalow Road where every local dog meets at sunset.',
  },
  {
    title: 'Sunny 3BHK near Sindhu Bhavan Road for small pets',
    area: 'bodakdev',
    address: 'C-702, Aaryan Heights, off Sindhu Bhavan Road, Bodakdev, Ahmedabad 380054',
    host: 1,
    price: 2200,
    deposit: 1500,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Dog bowls & beds', 'Cat trees', 'Lift', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A bright seventh-floor flat with morning sun in every room and a lift big enough for crates. Small dogs get a basket by the balcony door; cats get a cat tree and a window ledge with a view of the neem canopy. The wide pavements of Sindhu Bhavan Road make for easy, safe evening walks.',
  },
  {
    title: 'Ground-floor flat with a private garden for big dogs',
    area: 'bodakdev',
    address: 'A-3, Tulsi Bungalows, near Ashok Vatika, Bodakdev, Ahmedabad 380054',
    host: 9,
    price: 3500,
    deposit: 3000,
    sizes: ['medium', 'large'],
    maxPets: 2,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Parking', 'Near a park', 'Vet nearby'],
    home: 'house',
    pets: 'dogs',
    description:
      'Big dogs need room, and this ground-floor home has a walled garden of its own with a water trough and a sandy digging corner. No stairs, non-slip floors and a vet clinic five minutes away make it a good fit for older large breeds too. We walk to Ashok Vatika every morning before the traffic starts.',
  },
  // Prahlad Nagar
  {
    title: 'Leafy apartment a stroll from Prahlad Nagar Garden',
    area: 'prahladNagar',
    address: 'D-504, Sun Orchid Apartments, 100 Feet Road, Prahlad Nagar, Ahmedabad 380015',
    host: 2,
    price: 2800,
    deposit: 2000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Lift'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'Prahlad Nagar Garden is four minutes from the gate, which makes this the easiest home in the city for dogs who love a long sniff. The flat is cool and quiet, with a covered balcony where dogs can watch the parakeets. I keep a feeding and walk log for every guest and share it over WhatsApp each night.',
  },
  {
    title: 'Budget room for small pets near Corporate Road',
    area: 'prahladNagar',
    address: '305, Shyam Residency, Corporate Road, Prahlad Nagar, Ahmedabad 380015',
    host: 2,
    price: 650,
    deposit: 0,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Dog bowls & beds', 'Litter boxes', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A simple, clean room in my flat for one small dog or cat while you are away for a night or two. Bowls, a bed or litter tray and plenty of attention included. Dogs get two short walks around the block; cats get the sunny window sill. Ideal for a quick work trip.',
  },
  {
    title: 'Cat lover’s flat with window perches and a catio',
    area: 'prahladNagar',
    address: 'B-1102, Aarohi Parkview, near Prahlad Nagar Garden, Ahmedabad 380015',
    host: 2,
    price: 1800,
    deposit: 1000,
    sizes: ['small'],
    maxPets: 3,
    amenities: ['Cat trees', 'Litter boxes', 'Balcony with safety net', 'Pet-safe cleaning', 'Air conditioning'],
    home: 'apartment',
    pets: 'cats',
    description:
      'Cats run this home. The balcony has been turned into a netted catio with grass trays, there are wall shelves at three heights and every window has a perch. I clean only with pet-safe products and feed at fixed times. Siblings can share the big bedroom; nervous cats get their own quiet room with a hidey box.',
  },
  // Navrangpura
  {
    title: 'Old Ahmedabad bungalow with a courtyard near CG Road',
    area: 'navrangpura',
    address: '9, Sheetal Baug Society, off CG Road, Navrangpura, Ahmedabad 380009',
    host: 3,
    price: 3000,
    deposit: 2000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'A 1970s bungalow with a brick courtyard, a swing and a gulmohar tree that keeps it cool. Dogs have the run of the courtyard and the ground floor; the gate is high and always latched. We walk through the lanes behind CG Road early in the morning, and Law Garden is a short drive for weekend runs.',
  },
  {
    title: 'Calm studio near Gujarat University for a small dog',
    area: 'navrangpura',
    address: '12, Suryadeep Flats, near Gujarat University, Navrangpura, Ahmedabad 380009',
    host: 3,
    price: 750,
    deposit: 0,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Dog bowls & beds', 'WiFi', 'Near a park'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'My studio is small but very calm, perfect for one small dog who likes company. I work from home, so your dog is rarely alone. The tree-lined roads around the university campus are made for slow walks, and there is a water bowl and a bed in every corner we sit in.',
  },
  {
    title: 'Top-floor 2BHK with a terrace garden, Navrangpura',
    area: 'navrangpura',
    address: 'Penthouse 2, Shilp Apartments, Stadium Road, Navrangpura, Ahmedabad 380009',
    host: 3,
    price: 2400,
    deposit: 1500,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Shaded terrace', 'Dog bowls & beds', 'Cat trees', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A private rooftop terrace with potted tulsi, bougainvillea and a shade sail turns this flat into a garden in the sky. Small dogs play on the astroturf patch, cats bask on the wide parapet (fully netted). Evenings are for a walk along Stadium Road when the breeze picks up.',
  },
  // Vastrapur
  {
    title: 'Steps from Vastrapur Lake: morning walks sorted',
    area: 'vastrapur',
    address: 'A-601, Lakeview Residency, near Vastrapur Lake, Vastrapur, Ahmedabad 380015',
    host: 0,
    price: 2700,
    deposit: 2000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog walking included', 'Dog bowls & beds', 'Air conditioning', 'Lift'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'The lake promenade is right across the road, so every stay includes two laps of Vastrapur Lake a day, at sunrise and after sunset when it is cooler. The flat has cool floors, big dog beds and a towel station by the door. Regular guests include a golden retriever and a very opinionated beagle.',
  },
  {
    title: 'Calm 1BHK for senior dogs, with a lift and no stairs',
    area: 'vastrapur',
    address: '204, Parishram Flats, near Mansi Circle, Vastrapur, Ahmedabad 380015',
    host: 4,
    price: 1500,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 1,
    amenities: ['Lift', 'Dog bowls & beds', 'Air conditioning', 'Vet nearby'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'I have cared for senior dogs for years, and this home is set up for them: a lift to the door, non-slip mats, raised bowls and memory-foam beds. I am comfortable giving tablets and following special diets. Short, gentle walks around Mansi Circle suit older legs.',
  },
  {
    title: 'Bright apartment with two cat trees near Mansi Circle',
    area: 'vastrapur',
    address: 'C-305, Sarthi Residency, near Mansi Circle, Vastrapur, Ahmedabad 380015',
    host: 4,
    price: 1600,
    deposit: 500,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'Balcony with safety net', 'WiFi'],
    home: 'apartment',
    pets: 'cats',
    description:
      'Two floor-to-ceiling cat trees, a netted balcony full of pigeons to watch and a human who speaks fluent cat. I keep your cat’s routine exactly as you leave it, from meal times to the evening play session with the feather wand.',
  },
  // Thaltej
  {
    title: 'Farmhouse-style bungalow with a big lawn in Thaltej',
    area: 'thaltej',
    address: '1, Shaily Farms, Thaltej-Shilaj Road, Thaltej, Ahmedabad 380059',
    host: 4,
    price: 7900,
    deposit: 5000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 4,
    amenities: ['Private lawn', 'Fenced garden', 'Swimming pool', 'Pet sitter on call', 'Air conditioning', 'Parking'],
    home: 'villa',
    pets: 'dogs',
    description:
      'Half an acre of lawn, mango and chikoo trees and a fence all the way round: this is where city dogs come to run. A full-time caretaker lives on site, the verandah has fans for lazy afternoons and there is a paddling tub for hot days. Ideal for families travelling with two or more dogs.',
  },
  {
    title: 'Cosy 2BHK with a balcony garden off Sindhu Bhavan Road',
    area: 'thaltej',
    address: 'B-203, Shreeji Heights, off Sindhu Bhavan Road, Thaltej, Ahmedabad 380059',
    host: 4,
    price: 2000,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Dog bowls & beds', 'Cat trees', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'apartment',
    pets: 'both',
    description:
      'A warm, lived-in flat with a balcony full of plants (all pet-safe) and a soft rug that dogs and cats fight over. We walk dogs on the wide, quiet stretch of Sindhu Bhavan Road in the evening; cats get a sunny window and a daily brush.',
  },
  {
    title: 'Dog trainer’s home with a sand pit and agility hoops',
    area: 'thaltej',
    address: '11, Sarjan Bungalows, near Thaltej Cross Roads, Thaltej, Ahmedabad 380059',
    host: 4,
    price: 3400,
    deposit: 2500,
    sizes: ['medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Dog walking included', 'Grooming corner', 'Dog bowls & beds', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'I am a certified dog trainer, and my garden has a sand pit, low agility hoops and a paddling pool. Energetic medium and large dogs go home tired and a little better mannered: every stay includes a short daily training session on lead manners or recall, if you would like one.',
  },
  // Maninagar
  {
    title: 'Spacious family flat a short walk from Kankaria Lake',
    area: 'maninagar',
    address: 'A-12, Jawahar Chowk Apartments, Jawahar Chowk, Maninagar, Ahmedabad 380008',
    host: 5,
    price: 1700,
    deposit: 1000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'Our big family flat is a short walk from Kankaria Lake, where we do a long loop every morning before the crowds. The kids adore dogs and help with feeding and brushing, under supervision. There is a cool room with a floor mattress where guest dogs usually end up sleeping.',
  },
  {
    title: 'Simple room for a small dog near Maninagar station',
    area: 'maninagar',
    address: '18, Krishna Kunj Society, near Maninagar Railway Station, Ahmedabad 380008',
    host: 5,
    price: 500,
    deposit: 0,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Dog bowls & beds', 'WiFi'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'A no-frills, spotless room for one small dog, five minutes from Maninagar station: handy if you are catching an early train. I am at home most of the day, walks are morning and evening around the society, and your dog sleeps in a basket by my desk.',
  },
  {
    title: 'Rowhouse with a fenced backyard in Maninagar East',
    area: 'maninagar',
    address: '25, Shantinath Rowhouses, Maninagar East, Ahmedabad 380008',
    host: 5,
    price: 2300,
    deposit: 1500,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Cat trees', 'Power backup', 'Parking'],
    home: 'house',
    pets: 'both',
    description:
      'A three-storey rowhouse with a fenced backyard for dogs and a quiet top floor for cats, so both can stay at once without meeting. The backyard has a shade net and a tap for cooling off. Our lane is a cul-de-sac, so walks start calmly.',
  },
  // Bopal
  {
    title: 'Bungalow with a big fenced garden in South Bopal',
    area: 'bopal',
    address: '6, Neelkanth Greens, South Bopal, Ahmedabad 380058',
    host: 6,
    price: 3600,
    deposit: 3000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Pet sitter on call', 'Air conditioning', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'The garden is the star here: a big, fully fenced lawn with a neem tree, a shaded kennel and a sprinkler dogs love in summer. Inside, dogs sleep on beds in our living room. The open roads of South Bopal are perfect for long, quiet walks at dawn.',
  },
  {
    title: 'Quiet flat with a litter corner and scratching posts',
    area: 'bopal',
    address: 'E-804, Siddhi Vinayak Towers, Bopal-Ghuma Road, Bopal, Ahmedabad 380058',
    host: 6,
    price: 1200,
    deposit: 500,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'Balcony with safety net', 'Air conditioning'],
    home: 'apartment',
    pets: 'cats',
    description:
      'A peaceful eighth-floor flat with no other pets, so visiting cats settle in fast. There is a litter corner with two trays, sisal scratching posts in every room and a netted balcony with a view of the fields towards Ghuma.',
  },
  {
    title: 'Green society with a jogging track in Bopal',
    area: 'bopal',
    address: 'B-101, Aakruti Greens, near Bopal Cross Roads, Bopal, Ahmedabad 380058',
    host: 6,
    price: 2100,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'Our society has a shaded jogging track, a lawn and very friendly neighbours who all know the resident dogs by name. The ground-floor flat opens straight onto the garden, so walks start the moment the lead comes out.',
  },
  // Chandkheda
  {
    title: 'New 3BHK with a lift and society lawn in Chandkheda',
    area: 'chandkheda',
    address: 'C-502, Shivam Elegance, New CG Road, Chandkheda, Ahmedabad 382424',
    host: 7,
    price: 1900,
    deposit: 1000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Lift', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'A new, spacious flat with a big society lawn and a walking path, a good fit for dogs of every size. Handy for families visiting Gandhinagar or flying out of the airport, twenty minutes away. I send a short video every evening.',
  },
  {
    title: 'Pocket-friendly studio for cats near New CG Road',
    area: 'chandkheda',
    address: '104, Pramukh Nagar Flats, New CG Road, Chandkheda, Ahmedabad 382424',
    host: 7,
    price: 900,
    deposit: 0,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'WiFi'],
    home: 'apartment',
    pets: 'cats',
    description:
      'A small, quiet studio where one or two cats get my full attention. Window perch, cat tree, fresh litter daily and a play session every evening. Affordable enough for longer trips, with photo updates whenever you ask.',
  },
  // Paldi
  {
    title: 'Riverfront walks from a sunny Paldi apartment',
    area: 'paldi',
    address: 'A-401, Sabarmati Darshan Flats, near Riverfront Road, Paldi, Ahmedabad 380007',
    host: 8,
    price: 2500,
    deposit: 1500,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Lift'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'The Sabarmati Riverfront walkway is five minutes from our door, and it is the best place in the city for a long evening walk with a breeze. The flat is sunny, with a wide balcony, a dog bed in every room and a towel basket for dusty paws.',
  },
  {
    title: 'Design-studio flat near NID with a quiet reading nook',
    area: 'paldi',
    address: '7, Aalay Apartments, near NID, Paldi, Ahmedabad 380007',
    host: 8,
    price: 1500,
    deposit: 1000,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Cat trees', 'Litter boxes', 'WiFi'],
    home: 'apartment',
    pets: 'cats',
    description:
      'A quiet, book-lined flat near NID that suits a calm cat. The reading nook has a window ledge made for sunbathing, and a hand-built cat shelf runs along one wall. I illustrate from home, so there is always someone around.',
  },
  {
    title: 'Independent house with a courtyard for two dogs',
    area: 'paldi',
    address: '32, Dharnidhar Society, near Dharnidhar Derasar, Paldi, Ahmedabad 380007',
    host: 5,
    price: 2900,
    deposit: 2000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Air conditioning', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'An old independent house with a paved courtyard, a high wall and a neem tree that keeps the afternoon sun off. Two dogs can stay together and play safely. We walk to the riverfront in the mornings and relax in the courtyard in the evenings.',
  },
  // SG Highway
  {
    title: 'Penthouse with a wraparound terrace on SG Highway',
    area: 'sgHighway',
    address: 'Penthouse A, Skyline Residences, near Rajpath Club, SG Highway, Ahmedabad 380054',
    host: 1,
    price: 8000,
    deposit: 5000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Shaded terrace', 'Air conditioning', 'Pet sitter on call', 'WiFi', 'Lift', 'Parking'],
    home: 'apartment',
    pets: 'both',
    description:
      'Our top-floor penthouse has a netted wraparound terrace with artificial turf, planters and the best sunset view in the city. A professional sitter is on call around the clock, the flat is fully air-conditioned and there are separate quiet rooms for dogs and cats.',
  },
  {
    title: 'Business-trip friendly 1BHK with a dog walker on call',
    area: 'sgHighway',
    address: '1203, Arista Heights, near Pakwan Cross Roads, SG Highway, Ahmedabad 380054',
    host: 1,
    price: 2000,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 1,
    amenities: ['Dog walking included', 'Air conditioning', 'WiFi', 'Lift'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'Travelling for work? Drop your dog off on the way to the airport road. A local walker does three walks a day on the service road and in the small park behind the building, and I keep a tidy log of meals and walks for you.',
  },
  // Ambli
  {
    title: 'Pool villa with a private lawn on Ambli-Bopal Road',
    area: 'ambli',
    address: 'Villa 9, Sterling Greens, Ambli-Bopal Road, Ambli, Ahmedabad 380058',
    host: 6,
    price: 7800,
    deposit: 5000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 4,
    amenities: ['Private lawn', 'Swimming pool', 'Fenced garden', 'Dog walking included', 'Air conditioning', 'Parking'],
    home: 'villa',
    pets: 'dogs',
    description:
      'A quiet villa with a private lawn, fruit trees and a fenced dog garden beside the pool. Water-loving retrievers may swim with supervision; everyone else can lounge on the cool stone deck. Two long walks a day along the tree-lined lanes of Ambli are included.',
  },
  {
    title: 'Garden cottage for large dogs in Ambli',
    area: 'ambli',
    address: '4, Ambli Farms Lane, near Ambli Lake, Ambli, Ahmedabad 380058',
    host: 6,
    price: 4200,
    deposit: 3000,
    sizes: ['medium', 'large'],
    maxPets: 2,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Grooming corner', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'A single-storey cottage in a large garden, built for big dogs: wide doors, tiled floors, a grooming corner with a hose and plenty of space to stretch out. The farm lanes around Ambli are quiet and green, perfect for long walks.',
  },
  // Gota
  {
    title: 'Family flat with a sitter next door in Gota',
    area: 'gota',
    address: 'D-203, Sunrise Park, near Gota Cross Roads, Gota, Ahmedabad 382481',
    host: 7,
    price: 1300,
    deposit: 500,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Pet sitter on call', 'Dog bowls & beds', 'Cat trees', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A friendly family flat where our neighbour, a vet nurse, is on call whenever we are out. Dogs enjoy the society lawn, cats the quiet bedroom with a window perch. Good value for longer stays.',
  },
  {
    title: 'Rowhouse with a fenced yard near Gota Cross Roads',
    area: 'gota',
    address: '15, Shubh Rowhouses, near Gota Cross Roads, Gota, Ahmedabad 382481',
    host: 7,
    price: 2200,
    deposit: 1500,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Power backup', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'A rowhouse with a fenced front yard and a back courtyard, so dogs always have somewhere to be. Our own indie, Moti, is a gentle host to visiting dogs. Evening walks go around the quiet internal roads of the society.',
  },
  // Naranpura
  {
    title: 'Third-floor flat near Ankur with evening park walks',
    area: 'naranpura',
    address: 'B-304, Sundarvan Apartments, near Ankur Cross Roads, Naranpura, Ahmedabad 380013',
    host: 3,
    price: 1100,
    deposit: 500,
    sizes: ['small', 'medium'],
    maxPets: 1,
    amenities: ['Near a park', 'Dog bowls & beds', 'WiFi'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'A warm, simple flat in a friendly old society near Ankur Cross Roads. The municipal garden is two lanes away and we go every evening when the heat breaks. One dog at a time, so yours gets all our attention.',
  },
  {
    title: 'Cat-proofed 2BHK with window nets in Naranpura',
    area: 'naranpura',
    address: 'A-202, Vishwas Flats, near Naranpura Telephone Exchange, Ahmedabad 380013',
    host: 3,
    price: 950,
    deposit: 0,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'Balcony with safety net'],
    home: 'apartment',
    pets: 'cats',
    description:
      'Every window and the balcony are netted, the cables are tucked away and the cupboards have child locks: this flat is properly cat-proofed. Two cats can share the spare room with a tree, two litter trays and a heated bed for winter.',
  },
  // Ellisbridge
  {
    title: 'Law Garden doorstep: an airy flat for city dogs',
    area: 'ellisbridge',
    address: 'A-5, Panchshil Flats, near Law Garden, Ellisbridge, Ahmedabad 380006',
    host: 8,
    price: 3100,
    deposit: 2000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'Law Garden is across the road, so mornings start with a walk under the big trees before the city wakes up. The flat is airy and high-ceilinged, with cool stone floors dogs love to flop on. Central, quiet and very walkable.',
  },
  {
    title: 'Art-filled apartment by the riverfront for cats and small dogs',
    area: 'ellisbridge',
    address: '601, Riverside Apartments, near Ellis Bridge, Ellisbridge, Ahmedabad 380006',
    host: 9,
    price: 2600,
    deposit: 1500,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Dog bowls & beds', 'Balcony with safety net', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A bright flat full of paintings, plants and sunlight, overlooking the Sabarmati. Small dogs walk the riverfront promenade morning and evening; cats lounge on the netted balcony and a wall of shelves. Calm pets only, please: the neighbours are retired and lovely.',
  },
  // Shahibaug
  {
    title: 'Old bungalow with mango trees in Shahibaug',
    area: 'shahibaug',
    address: '2, Dafnala Bungalows, Shahibaug Road, Shahibaug, Ahmedabad 380004',
    host: 5,
    price: 3300,
    deposit: 2500,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Near a park', 'Dog bowls & beds', 'Air conditioning', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'A heritage bungalow with a walled garden of mango and jamun trees, where squirrels keep the dogs busy all afternoon. Morning walks go past the Sardar Patel memorial gardens; afternoons are for naps on the cool verandah.',
  },
  {
    title: 'East-bank riverfront flat with a pet sitter on call',
    area: 'shahibaug',
    address: 'B-903, Riverview Heights, near Camp Hanuman, Shahibaug, Ahmedabad 380004',
    host: 9,
    price: 1800,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Pet sitter on call', 'Dog bowls & beds', 'Litter boxes', 'Lift', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A ninth-floor flat looking over the east bank of the riverfront. A sitter I trust covers whenever I travel for work, so your pet is never alone for long. Dogs walk the riverfront path; cats enjoy the quiet bedroom and a window seat.',
  },
  // Science City
  {
    title: 'Modern villa with a lawn near Science City',
    area: 'scienceCity',
    address: 'Villa 22, Orchid Greens, Science City Road, Sola, Ahmedabad 380060',
    host: 7,
    price: 5600,
    deposit: 4000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Private lawn', 'Fenced garden', 'Dog bowls & beds', 'Air conditioning', 'WiFi', 'Parking'],
    home: 'villa',
    pets: 'dogs',
    description:
      'A modern villa in a gated community with a private, fenced lawn and a covered patio. The wide, quiet roads around Science City are ideal for long walks and the occasional zoomies on the society lawn. Dogs sleep indoors in the air-conditioned den.',
  },
  {
    title: 'Townhouse with a terrace and cat tree on Science City Road',
    area: 'scienceCity',
    address: '8, Sapphire Townhomes, Science City Road, Sola, Ahmedabad 380060',
    host: 4,
    price: 2300,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Shaded terrace', 'Cat trees', 'Dog bowls & beds', 'Air conditioning'],
    home: 'house',
    pets: 'both',
    description:
      'A three-level townhouse with a shaded terrace on top, a tall cat tree on the landing and a cosy den for dogs. Evenings are for slow walks in the society garden; afternoons for naps in the air-conditioned den.',
  },
  // Gandhinagar
  {
    title: 'Sector 21 bungalow with a wide lawn and neem shade',
    area: 'gnSector21',
    address: 'Plot 412/2, Sector 21, near Gh-5 Circle, Gandhinagar 382021',
    host: 10,
    price: 2400,
    deposit: 1500,
    sizes: ['small', 'medium', 'large'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Near a park', 'Dog bowls & beds', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'Gandhinagar is the greenest city in Gujarat and our bungalow makes the most of it: a wide lawn under neem trees, a fenced gate and quiet, tree-lined roads for walks. Dogs of every size are welcome; large breeds love the space.',
  },
  {
    title: 'Quiet Kudasan flat for cats and small dogs',
    area: 'gnKudasan',
    address: 'C-604, Sopan Greens, Kudasan, Gandhinagar 382421',
    host: 10,
    price: 1200,
    deposit: 500,
    sizes: ['small'],
    maxPets: 2,
    amenities: ['Cat trees', 'Litter boxes', 'Dog bowls & beds', 'Lift', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A calm sixth-floor flat in Kudasan with a netted balcony and a view of the society gardens. Cats get a tree and two litter trays; small dogs get walks around the landscaped society. Handy for trips to GIFT City.',
  },
  {
    title: 'Two-dog bungalow with a vegetable patch in Sector 21',
    area: 'gnSector21',
    address: 'Plot 287/1, Sector 21, Gandhinagar 382021',
    host: 10,
    price: 3000,
    deposit: 2000,
    sizes: ['small', 'medium', 'large'],
    maxPets: 2,
    amenities: ['Fenced garden', 'Dog bowls & beds', 'Air conditioning', 'Parking'],
    home: 'house',
    pets: 'dogs',
    description:
      'A family bungalow with a fenced garden, a vegetable patch (dogs keep out, mostly) and a shaded porch with two big beds. The sector’s wide, empty roads make for peaceful walks at any hour.',
  },
  // Vadodara
  {
    title: 'Alkapuri apartment close to Sayaji Baug for city dogs',
    area: 'vdAlkapuri',
    address: 'A-301, Shreeji Complex, R C Dutt Road, Alkapuri, Vadodara 390007',
    host: 11,
    price: 2100,
    deposit: 1000,
    sizes: ['small', 'medium'],
    maxPets: 2,
    amenities: ['Near a park', 'Dog bowls & beds', 'Air conditioning', 'WiFi'],
    home: 'apartment',
    pets: 'dogs',
    description:
      'A bright flat on a leafy road in Alkapuri, a short drive from the long lawns of Sayaji Baug. Morning walks, evening walks and plenty of belly rubs in between. Perfect for dogs visiting Vadodara with their families.',
  },
  {
    title: 'Bungalow with a courtyard and cat shelves in Alkapuri',
    area: 'vdAlkapuri',
    address: '5, Vishwas Colony, near Race Course Circle, Alkapuri, Vadodara 390007',
    host: 11,
    price: 2800,
    deposit: 1500,
    sizes: ['small', 'medium'],
    maxPets: 3,
    amenities: ['Fenced garden', 'Cat trees', 'Dog bowls & beds', 'Parking'],
    home: 'house',
    pets: 'both',
    description:
      'An old Baroda bungalow with a central courtyard where dogs play and a wall of cat shelves in the study. Our two rescue cats are used to visitors. Walks go around the quiet lanes near Race Course Circle.',
  },
  {
    title: 'Budget-friendly Gotri room for one small pet',
    area: 'vdGotri',
    address: '12, Sahyog Society, Gotri Road, Gotri, Vadodara 390021',
    host: 11,
    price: 600,
    deposit: 0,
    sizes: ['small'],
    maxPets: 1,
    amenities: ['Dog bowls & beds', 'Litter boxes', 'WiFi'],
    home: 'apartment',
    pets: 'both',
    description:
      'A clean, simple room for one small dog or cat, with a bed, bowls and plenty of company. Short walks around the society for dogs; a sunny window for cats. Good value for a quick weekend away.',
  },
];

// ---------------------------------------------------------------------------------------------
// The shared photo set (DEMO_PHOTOS_DIR). Subjects follow its SOURCES.md; a few exteriors that do
// not look like Gujarat at all (snow, Victorian rows, wooden Nordic houses) are left out.

export type PhotoKind = 'apartment' | 'house' | 'villa' | 'living' | 'room' | 'dog' | 'cat';
export type DemoPhoto = { file: string; kind: PhotoKind; alt: string };

export const DEMO_PHOTOS: DemoPhoto[] = [
  { file: 'homes/exterior-apartment-05-kane-taylor-02fRawxKwbA.jpg', kind: 'apartment', alt: 'Apartment building with balconies and palm trees' },
  { file: 'homes/exterior-apartment-balcony-01-sigmund-CwTfKH5edSk.jpg', kind: 'apartment', alt: 'Brick apartment block with balconies in the evening sun' },
  { file: 'homes/exterior-apartment-balcony-02-jan-jakub-nanista-UHyrjKPsshk.jpg', kind: 'apartment', alt: 'Apartment balconies with potted plants' },
  { file: 'homes/exterior-apartment-balcony-03-thomas-peham-6gjSR0F4DMk.jpg', kind: 'apartment', alt: 'White apartment building with glass balconies' },
  { file: 'homes/exterior-apartment-balcony-04-joydeep-sengupta-1d6cLEBGcps.jpg', kind: 'apartment', alt: 'Apartment building with rows of balconies' },
  { file: 'homes/exterior-garden-01-r-architecture-MAnVoJlQUvg.jpg', kind: 'house', alt: 'Modern house with a lawn in front' },
  { file: 'homes/exterior-house-02-dillon-kydd-2keCPb73aQY.jpg', kind: 'house', alt: 'Family houses with front lawns' },
  { file: 'homes/exterior-house-03-dillon-kydd-XGvwt544g8k.jpg', kind: 'house', alt: 'Family house with a double garage and a front garden' },
  { file: 'homes/exterior-townhouse-01-christian-koch-D_4R9CcYZOk.jpg', kind: 'house', alt: 'Front door and steps, with a bicycle by the railing' },
  { file: 'homes/exterior-townhouse-02-marcus-lenk-wKO0rx50VWo.jpg', kind: 'house', alt: 'Row of townhouses' },
  { file: 'homes/exterior-townhouse-05-simi-iluyomade-MLbnzuPaKVk.jpg', kind: 'house', alt: 'Townhouses with garages and balconies' },
  { file: 'homes/exterior-villa-pool-01-pwb-house-family.jpg', kind: 'villa', alt: 'House with a pool, a garden and palm trees' },
  { file: 'homes/exterior-villa-pool-02-pwb-house-suburban.jpg', kind: 'villa', alt: 'Modern white house with a pool' },
  { file: 'homes/exterior-villa-pool-03-pwb-villa-ocean.jpg', kind: 'villa', alt: 'Modern villa with a long pool' },
  { file: 'homes/interior-living-room-01-pwb-apartment-downtown.jpg', kind: 'living', alt: 'Bright living and dining room' },
  { file: 'homes/interior-living-room-02-pwb-apartment-luxury.jpg', kind: 'living', alt: 'Living room with plants and a sofa' },
  { file: 'homes/interior-living-room-03-pwb-penthouse.jpg', kind: 'living', alt: 'Modern living room with a grey sofa' },
  { file: 'homes/interior-living-room-04-pwb-studio.jpg', kind: 'living', alt: 'Open-plan living room with big windows' },
  { file: 'homes/interior-living-room-05-francesca-tosolini-yYUu4R4Wuwk.jpg', kind: 'living', alt: 'Living room with a fireplace and a coffee table' },
  { file: 'homes/interior-living-room-06-francesca-tosolini-3LjBfGTbTJY.jpg', kind: 'living', alt: 'Living and dining room with warm wooden floors' },
  { file: 'homes/interior-living-room-07-steven-ungermann-xsWOJGv_2eI.jpg', kind: 'living', alt: 'Living room with an open kitchen' },
  { file: 'homes/interior-living-room-08-pxhere-1367038.jpg', kind: 'living', alt: 'Calm living room with a grey sofa and artwork' },
  { file: 'homes/interior-bedroom-01-pxhere-607447.jpg', kind: 'room', alt: 'Bedroom with a double bed' },
  { file: 'homes/interior-dining-01-r-architecture-wDDfbanbhl8.jpg', kind: 'room', alt: 'Dining area beside a staircase' },
  { file: 'homes/interior-kitchen-01-pxhere-945420.jpg', kind: 'room', alt: 'Kitchen with a dining corner' },
  { file: 'pets/cat-01-orange-tabby-alvan-nee.jpg', kind: 'cat', alt: 'Orange tabby cat lying in leaves' },
  { file: 'pets/cat-02-orange-tabby-alvan-nee.jpg', kind: 'cat', alt: 'Orange tabby cat sitting on the grass' },
  { file: 'pets/cat-03-orange-tabby-alvan-nee.jpg', kind: 'cat', alt: 'Close-up of an orange tabby cat' },
  { file: 'pets/cat-04-grey-milada-vigerova.jpg', kind: 'cat', alt: 'Grey cat sitting on the floor' },
  { file: 'pets/cat-05-grey-milada-vigerova.jpg', kind: 'cat', alt: 'Grey cat lying on a bed' },
  { file: 'pets/cat-06-grey-milada-vigerova.jpg', kind: 'cat', alt: 'Grey cat on a table by the window' },
  { file: 'pets/cat-07-tabby-kari-shea.jpg', kind: 'cat', alt: 'Tabby cat curled up on a chair' },
  { file: 'pets/cat-08-tabby-mikhail-vasilyev.jpg', kind: 'cat', alt: 'Cat peeking out from under a blanket' },
  { file: 'pets/dog-01-corgi-alvan-nee.jpg', kind: 'dog', alt: 'Fluffy corgi' },
  { file: 'pets/dog-02-corgi-alvan-nee.jpg', kind: 'dog', alt: 'Fluffy corgi sitting and looking up' },
  { file: 'pets/dog-03-chow-chow-lukasz-rawa.jpg', kind: 'dog', alt: 'Chow chow lying outdoors' },
  { file: 'pets/dog-04-chow-chow-lukasz-rawa.jpg', kind: 'dog', alt: 'Chow chow resting indoors' },
  { file: 'pets/dog-05-dachshund-on-sofa-macrz.jpg', kind: 'dog', alt: 'Long-haired dachshund resting on a sofa' },
  { file: 'pets/dog-06-dachshund-on-sofa-macrz.jpg', kind: 'dog', alt: 'Long-haired dachshund on a sofa blanket' },
  { file: 'pets/dog-07-corgi-puppy-alvan-nee.jpg', kind: 'dog', alt: 'Corgi puppy on an orange background' },
  { file: 'pets/dog-08-corgi-puppy-alvan-nee.jpg', kind: 'dog', alt: 'Corgi puppy on a yellow background' },
  { file: 'pets/dog-09-retriever-o5ky.jpg', kind: 'dog', alt: 'Retriever lying on the sand' },
  { file: 'pets/dog-10-retriever-beach-o5ky.jpg', kind: 'dog', alt: 'Retriever standing at the water’s edge' },
  { file: 'pets/dog-11-border-collie-marslady.jpg', kind: 'dog', alt: 'Border collie sitting on a path' },
  { file: 'pets/dog-12-border-collie-marslady.jpg', kind: 'dog', alt: 'Border collie lying down' },
];

/** How many placeholder images stand in for the photo set when it is absent. */
export const PLACEHOLDER_COUNT = 12;

// ---------------------------------------------------------------------------------------------
// Stays that checked out a few days ago and nobody has reviewed yet: the demo's review prompts
// (the guest's dashboard, the host's), and one each for the two browser projects of
// e2e/reviews.spec.ts. The guest must have a pet that fits the listing.

export type AwaitingReview = { guest: string; listing: number; checkoutDaysAgo: number };

export const AWAITING_REVIEW: AwaitingReview[] = [
  { guest: 'Aditi Sharma', listing: 4, checkoutDaysAgo: 2 },
  { guest: 'Rahul Nair', listing: 10, checkoutDaysAgo: 3 },
];

// ---------------------------------------------------------------------------------------------
// Reviews. {pet}, {host} and {owner} are filled in with first names.

export const LISTING_REVIEWS: Record<3 | 4 | 5, string[]> = {
  5: [
    '{host} sent us photos of {pet} every evening. Spotless home, fresh water everywhere, and {pet} came back tired and happy.',
    'Second stay here and it will not be the last. {pet} pulled us to the door when we arrived. Thank you, {host}!',
    'Exactly as described. The garden is properly fenced and {host} knew all the quiet walking routes nearby.',
    '{pet} is nervous with strangers, but {host} took it slowly and by day two they were best friends.',
    'Cool and calm even in the afternoon heat, and {host} followed our feeding schedule to the minute.',
    'We were anxious leaving {pet} for the first time. Daily updates and little videos made it so easy. Highly recommended.',
    'Lovely home, peaceful neighbourhood and a host who clearly adores animals. {pet} did not want to leave.',
    'Booked at the last minute before a family wedding; {host} was flexible with drop-off and {pet} was in great hands.',
    'Clean, safe and full of toys. {host} even noticed {pet} was drinking less and switched to a ceramic bowl. Thoughtful!',
    'Best pet stay we have found in Ahmedabad. {pet} was brushed, walked and spoilt. Already booked again for Diwali.',
  ],
  4: [
    'Very caring host and a comfortable home. Parking was a little tight, but {pet} had a great time.',
    '{pet} was well looked after. One evening walk was shorter than we hoped because of rain, otherwise great.',
    'Good value and a friendly host. The place is a bit smaller than the photos suggest, but clean and safe.',
    'Warm welcome from {host}. Some traffic noise at night, though {pet} slept through it better than we did.',
    'Nice place and good communication. We would have liked one more photo a day, but no real complaints.',
    'Reliable and kind. Check-in took a while because the society gate needed our details, but {pet} settled quickly.',
  ],
  3: [
    'The home was fine and {pet} was safe, but replies were slow on the first day and the balcony net needed fixing.',
    'Okay for a short stay. The lawn was being redone, so {pet} spent most of the time indoors.',
    '{host} was kind, but the power went out one afternoon and the AC was off for a few hours. {pet} was fine.',
  ],
};

export const GUEST_REVIEWS: string[] = [
  '{pet} was a delight: calm on the lead and happy to nap by the window. Welcome back any time.',
  'Clear instructions, on-time pick-up and a very well-behaved {pet}. Great guests.',
  '{owner} shared {pet}’s routine in detail, which made the stay easy. Would host again.',
  'Friendly, punctual and easy to reach. {pet} fitted right in with our household.',
];
