import { Camera, ClipboardList, Home, ListChecks, Star, Syringe, ThermometerSun, Wallet } from 'lucide-react';
import { GuidePage, type GuideSection } from '../components/guide-article';
import { CtaLink } from '../components/section';
import { PAYOUT_RELEASE_TEXT } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

const SECTIONS: GuideSection[] = [
  {
    id: 'before-you-list',
    title: 'Before you list',
    icon: ClipboardList,
    intro: 'A few conversations now save awkward ones later.',
    points: [
      'Check your society rules: many housing societies and RWAs have rules on pets in lifts, gardens and common areas. Read them, and keep a copy handy for guests.',
      'Check your lease: if you rent, make sure your agreement allows pets and short stays.',
      'Talk to your household: everyone at home, including domestic help, should be comfortable with visiting animals and know the house rules.',
      'Think about your own pets: if you have a resident dog or cat, be honest about their temperament and whether they enjoy company.',
    ],
  },
  {
    id: 'prepare-your-home',
    title: 'Prepare your home',
    icon: Home,
    intro: 'Walk through your home at pet height: what could be chewed, knocked over or squeezed through?',
    points: [
      'Balconies and windows: high-rise flats need grilles or nets with gaps too small for a cat or small dog to slip through.',
      'Gates and doors: check that the main door, the compound gate and any terrace door close firmly and latch.',
      'Out of reach: cleaning chemicals, pest killers, medicines, phone chargers and loose wires.',
      'Kitchen: keep chocolate, grapes and raisins, onions, garlic, sweets with xylitol and cooked bones out of reach; many Indian dishes contain onion and garlic, so no leftovers for pets.',
      'Floors: marble and vitrified tiles are slippery for older dogs; a few washable rugs help them move with confidence.',
      'A pet corner: a quiet spot for a bed, with space for food and water bowls away from the main walkway.',
    ],
  },
  {
    id: 'great-listing',
    title: 'Write a listing that helps guests decide',
    icon: Camera,
    points: [
      'Photos: shoot in daylight, show the rooms guests will use, the outdoor space and where pets sleep. The first photo leads your card, so make it your best.',
      'Be specific: say which pet sizes you welcome, how many pets, whether there are stairs, a lift, a garden or a nearby park.',
      'Resident pets: mention them in the description so guests with a nervous dog or cat can choose well.',
      `Price honestly: look at similar listings nearby. GST is added on top for the guest, and the ${PLATFORM_FEE_TEXT} host service fee comes out of your payout.`,
    ],
  },
  {
    id: 'house-rules',
    title: 'Set clear house rules',
    icon: ListChecks,
    intro: 'Rules written before the stay are friendly; rules made up during it are not.',
    points: [
      'Furniture: are pets allowed on sofas and beds? Offer a washable throw if yes.',
      'Alone time: say whether pets may be left alone in the home, and for how long.',
      'Common areas: leash in the lift, lobby and society garden; pick up after pets every time.',
      'Noise: share your society’s quiet hours, and what to do if a pet barks at the doorbell.',
      'Cleaning: say where to dispose of waste and where to rinse muddy paws.',
    ],
  },
  {
    id: 'vaccination-records',
    title: 'Vaccination and health records',
    icon: Syringe,
    points: [
      'Rabies: ask for proof of a current anti-rabies vaccination for every dog and cat. It is the one vaccination you should never skip.',
      'Core vaccines: dogs are usually vaccinated against distemper, parvovirus and more (DHPPi or DHLPPi); cats against the viruses in FVRCP.',
      'Parasites: ask when the pet was last dewormed and treated for ticks and fleas, especially during the monsoon.',
      'The guest’s vet: note the name and number of the pet’s own vet, and any allergies, medicines or health conditions.',
      'Keep copies: a photo of the vaccination card in your messages is enough.',
    ],
  },
  {
    id: 'seasons',
    title: 'Heat, monsoon and festival care',
    icon: ThermometerSun,
    intro: 'Gujarat’s seasons are hard on pets. Plan for them.',
    points: [
      'Summer (April to June): with afternoons above 40°C, walks should be early morning and after sunset. Test the pavement with the back of your hand: if you can’t hold it there for five seconds, it’s too hot for paws.',
      'Heatstroke signs: heavy panting, drooling, bright red gums, wobbling or vomiting. Move the pet to shade, offer water, cool them with room-temperature water (not ice) and call a vet.',
      'Monsoon (June to September): dry paws and ears after walks, check for ticks daily, and avoid puddles and stagnant water, which can carry leptospirosis.',
      'Uttarayan (January): kite string (manja) can badly injure pets and birds. Keep walks short and away from terraces and open grounds on kite days.',
      'Diwali and Navratri: fireworks and loud music frighten many animals. Offer a quiet inner room, close curtains and keep doors shut so a scared pet can’t bolt.',
    ],
  },
  {
    id: 'reviews-and-payouts',
    title: 'After the stay',
    icon: Wallet,
    points: [
      `Payouts: funds are released ${PAYOUT_RELEASE_TEXT}, minus the ${PLATFORM_FEE_TEXT} host service fee.`,
      'Reviews: you and your guest review each other. Reviews are published after both sides submit, or after 14 days.',
      'Check the home: look for damage soon after check-out and contact support with photos if something needs attention.',
      'Refresh: wash bedding and bowls, and air out the rooms before the next guest arrives.',
    ],
  },
  {
    id: 'become-a-superhost',
    title: 'Little things guests remember',
    icon: Star,
    points: [
      'A welcome bowl of fresh water and a towel at the door for muddy paws.',
      'A short note with the nearest park, pet shop and 24-hour vet.',
      'A quick message on arrival day asking how the pet is settling in.',
    ],
  },
];

export function HostGuidePage() {
  return (
    <GuidePage
      title="Hosting Guide"
      lead="Practical advice for opening your home in India to dogs, cats and their people: from society rules and pet-proofing to summer heat and festival season."
      actions={
        <>
          <CtaLink to="/host" size="lg" arrow>Become a Host</CtaLink>
          <CtaLink to="/host/safety" variant="outline" size="lg">Safety Tips</CtaLink>
        </>
      }
      sections={SECTIONS}
      footer={
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-sand-100 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-semibold text-stone-900">Ready to welcome your first guest?</h2>
            <p className="mt-1 text-stone-700">Listing is free and verification takes 1-2 business days.</p>
          </div>
          <CtaLink to="/host">Become a Host</CtaLink>
        </div>
      }
    />
  );
}
