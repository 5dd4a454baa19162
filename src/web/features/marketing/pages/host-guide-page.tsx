import { Camera, ClipboardList, Home, ListChecks, Star, Syringe, ThermometerSun, Wallet } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GuidePage, type GuideSection } from '../components/guide-article';
import { CtaLink } from '../components/section';
import { PAYOUT_DELAY_HOURS } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

const fee = PLATFORM_FEE_TEXT;
const hours = PAYOUT_DELAY_HOURS;

const SECTIONS: GuideSection[] = [
  {
    id: 'before-you-list',
    title: msg`Before you list`,
    icon: ClipboardList,
    intro: msg`A few conversations now save awkward ones later.`,
    points: [
      msg`Check your society rules: many housing societies and RWAs have rules on pets in lifts, gardens and common areas. Read them, and keep a copy handy for guests.`,
      msg`Check your lease: if you rent, make sure your agreement allows pets and short stays.`,
      msg`Talk to your household: everyone at home, including domestic help, should be comfortable with visiting animals and know the house rules.`,
      msg`Think about your own pets: if you have a resident dog or cat, be honest about their temperament and whether they enjoy company.`,
    ],
  },
  {
    id: 'prepare-your-home',
    title: msg`Prepare your home`,
    icon: Home,
    intro: msg`Walk through your home at pet height: what could be chewed, knocked over or squeezed through?`,
    points: [
      msg`Balconies and windows: high-rise flats need grilles or nets with gaps too small for a cat or small dog to slip through.`,
      msg`Gates and doors: check that the main door, the compound gate and any terrace door close firmly and latch.`,
      msg`Out of reach: cleaning chemicals, pest killers, medicines, phone chargers and loose wires.`,
      msg`Kitchen: keep chocolate, grapes and raisins, onions, garlic, sweets with xylitol and cooked bones out of reach; many Indian dishes contain onion and garlic, so no leftovers for pets.`,
      msg`Floors: marble and vitrified tiles are slippery for older dogs; a few washable rugs help them move with confidence.`,
      msg`A pet corner: a quiet spot for a bed, with space for food and water bowls away from the main walkway.`,
    ],
  },
  {
    id: 'great-listing',
    title: msg`Write a listing that helps guests decide`,
    icon: Camera,
    points: [
      msg`Photos: shoot in daylight, show the rooms guests will use, the outdoor space and where pets sleep. The first photo leads your card, so make it your best.`,
      msg`Be specific: say which pet sizes you welcome, how many pets, whether there are stairs, a lift, a garden or a nearby park.`,
      msg`Resident pets: mention them in the description so guests with a nervous dog or cat can choose well.`,
      msg`Price honestly: look at similar listings nearby. GST is added on top for the guest, and the ${fee} host service fee comes out of your payout.`,
    ],
  },
  {
    id: 'house-rules',
    title: msg`Set clear house rules`,
    icon: ListChecks,
    intro: msg`Rules written before the stay are friendly; rules made up during it are not.`,
    points: [
      msg`Furniture: are pets allowed on sofas and beds? Offer a washable throw if yes.`,
      msg`Alone time: say whether pets may be left alone in the home, and for how long.`,
      msg`Common areas: leash in the lift, lobby and society garden; pick up after pets every time.`,
      msg`Noise: share your society’s quiet hours, and what to do if a pet barks at the doorbell.`,
      msg`Cleaning: say where to dispose of waste and where to rinse muddy paws.`,
    ],
  },
  {
    id: 'vaccination-records',
    title: msg`Vaccination and health records`,
    icon: Syringe,
    points: [
      msg`Rabies: ask for proof of a current anti-rabies vaccination for every dog and cat. It is the one vaccination you should never skip.`,
      msg`Core vaccines: dogs are usually vaccinated against distemper, parvovirus and more (DHPPi or DHLPPi); cats against the viruses in FVRCP.`,
      msg`Parasites: ask when the pet was last dewormed and treated for ticks and fleas, especially during the monsoon.`,
      msg`The guest’s vet: note the name and number of the pet’s own vet, and any allergies, medicines or health conditions.`,
      msg`Keep copies: a photo of the vaccination card in your messages is enough.`,
    ],
  },
  {
    id: 'seasons',
    title: msg`Heat, monsoon and festival care`,
    icon: ThermometerSun,
    intro: msg`Gujarat’s seasons are hard on pets. Plan for them.`,
    points: [
      msg`Summer (April to June): with afternoons above 40°C, walks should be early morning and after sunset. Test the pavement with the back of your hand: if you can’t hold it there for five seconds, it’s too hot for paws.`,
      msg`Heatstroke signs: heavy panting, drooling, bright red gums, wobbling or vomiting. Move the pet to shade, offer water, cool them with room-temperature water (not ice) and call a vet.`,
      msg`Monsoon (June to September): dry paws and ears after walks, check for ticks daily, and avoid puddles and stagnant water, which can carry leptospirosis.`,
      msg`Uttarayan (January): kite string (manja) can badly injure pets and birds. Keep walks short and away from terraces and open grounds on kite days.`,
      msg`Diwali and Navratri: fireworks and loud music frighten many animals. Offer a quiet inner room, close curtains and keep doors shut so a scared pet can’t bolt.`,
    ],
  },
  {
    id: 'reviews-and-payouts',
    title: msg`After the stay`,
    icon: Wallet,
    points: [
      msg`Payouts: funds are released ${hours} hours after check-in, minus the ${fee} host service fee.`,
      msg`Reviews: you and your guest review each other. Reviews are published after both sides submit, or after 14 days.`,
      msg`Check the home: look for damage soon after check-out and contact support with photos if something needs attention.`,
      msg`Refresh: wash bedding and bowls, and air out the rooms before the next guest arrives.`,
    ],
  },
  {
    id: 'become-a-superhost',
    title: msg`Little things guests remember`,
    icon: Star,
    points: [
      msg`A welcome bowl of fresh water and a towel at the door for muddy paws.`,
      msg`A short note with the nearest park, pet shop and 24-hour vet.`,
      msg`A quick message on arrival day asking how the pet is settling in.`,
    ],
  },
];

export function HostGuidePage() {
  const { t } = useLingui();
  return (
    <GuidePage
      title={t`Hosting Guide`}
      lead={t`Practical advice for opening your home in India to dogs, cats and their people: from society rules and pet-proofing to summer heat and festival season.`}
      actions={
        <>
          <CtaLink to="/host" size="lg" arrow><Trans>Become a Host</Trans></CtaLink>
          <CtaLink to="/host/safety" variant="outline" size="lg"><Trans>Safety Tips</Trans></CtaLink>
        </>
      }
      sections={SECTIONS}
      footer={
        <div className="flex flex-col items-start gap-4 rounded-3xl bg-sand-100 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-semibold text-stone-900"><Trans>Ready to welcome your first guest?</Trans></h2>
            <p className="mt-1 text-stone-700"><Trans>Listing is free and verification takes 1-2 business days.</Trans></p>
          </div>
          <CtaLink to="/host"><Trans>Become a Host</Trans></CtaLink>
        </div>
      }
    />
  );
}
