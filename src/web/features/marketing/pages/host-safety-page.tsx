import { Link } from 'react-router';
import { Ambulance, BriefcaseMedical, Dog, DoorClosed, Flower2, HeartHandshake, ShieldAlert, ShieldCheck, Bug } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GuidePage, type GuideSection } from '../components/guide-article';
import { CtaLink } from '../components/section';

const SECTIONS: GuideSection[] = [
  {
    id: 'emergency-plan',
    title: msg`Have an emergency plan`,
    icon: Ambulance,
    intro: msg`Emergencies are rare, but the first minutes matter. Decide now what you would do.`,
    points: [
      msg`Save numbers: the nearest 24-hour veterinary hospital, a second clinic as a backup, and the guest pet’s own vet.`,
      msg`Know the route: how long it takes to reach the emergency vet at night and in traffic, and how you would get there (a cab that accepts pets, or your own car).`,
      msg`Reach the guest: if the pet parent is out, call them first; if you can’t reach them and the pet needs help, get the pet to a vet.`,
      msg`Tell us: contact PawStay support once the pet is safe, with what happened and any vet bills.`,
    ],
  },
  {
    id: 'first-aid-kit',
    title: msg`Keep a pet first-aid kit`,
    icon: BriefcaseMedical,
    points: [
      msg`Basics: gauze, a crepe bandage, medical tape, blunt scissors, a tick remover, tweezers and a digital thermometer.`,
      msg`Cleaning: saline solution and a diluted povidone-iodine antiseptic for small wounds.`,
      msg`Comfort: a towel or blanket, a spare leash and a soft muzzle (even gentle dogs may snap when in pain).`,
      msg`Never give human medicines: paracetamol, ibuprofen and many other tablets are poisonous to dogs and cats.`,
    ],
  },
  {
    id: 'toxic-foods-plants',
    title: msg`Toxic foods and plants`,
    icon: Flower2,
    points: [
      msg`Foods: chocolate, grapes and raisins, onion and garlic, xylitol (in sugar-free sweets and gum), alcohol, caffeine and cooked bones.`,
      msg`Festive sweets: mithai and dry-fruit boxes are tempting at Diwali; keep them closed and high up.`,
      msg`Plants: lilies are deadly to cats; oleander (kaner), sago palm, dieffenbachia and aloe vera are also harmful. Move them out of reach or out of the home.`,
      msg`If a pet eats something: call a vet straight away, even if the pet seems fine. Don’t try to make them vomit unless a vet tells you to.`,
    ],
  },
  {
    id: 'escape-proofing',
    title: msg`Prevent escapes`,
    icon: DoorClosed,
    points: [
      msg`Doors: make it a household habit to check that the pet is inside before opening the main door or the compound gate.`,
      msg`Balconies: no pet should be on a balcony or terrace without a net or grille and a person with them.`,
      msg`ID tags: ask guests to keep a collar tag with their phone number on the pet for the whole stay.`,
      msg`If a pet goes missing: search nearby at once, call the guest, tell your society guard and share a photo in your society group.`,
    ],
  },
  {
    id: 'resident-pets',
    title: msg`Resident pets and introductions`,
    icon: HeartHandshake,
    points: [
      msg`Meet on neutral ground: introduce dogs on leash outside the home, such as in the society compound, before going in together.`,
      msg`Feed separately: food bowls and treats are the most common cause of squabbles.`,
      msg`Give each pet a retreat: a room or crate where they can rest without being followed.`,
      msg`Supervise: keep the first day’s play short and watched; separate the pets when no adult is home.`,
    ],
  },
  {
    id: 'community-dogs',
    title: msg`Walks and community dogs`,
    icon: Dog,
    points: [
      msg`Leash always: many neighbourhoods have community dogs who guard their street; a leashed guest dog is easier to steer away calmly.`,
      msg`Choose quieter routes and times, and carry water on every walk.`,
      msg`Stay calm if dogs approach: don’t run or shout; walk on steadily and put yourself between the dogs.`,
    ],
  },
  {
    id: 'ticks-and-health',
    title: msg`Ticks, fleas and hygiene`,
    icon: Bug,
    points: [
      msg`Check after walks: run your hands over the pet, especially ears, neck and between toes. Tick fever is common in India and spreads fast in the monsoon.`,
      msg`Keep it clean: wash pet bedding weekly during a stay and vacuum where pets rest.`,
      msg`Wash your hands after handling pets, their food and their waste, and keep pet bowls out of the kitchen sink.`,
    ],
  },
  {
    id: 'trust-and-safety',
    title: msg`Stay safe with PawStay`,
    icon: ShieldCheck,
    points: [
      msg`Keep it on PawStay: book and talk through PawStay so there is a record of what was agreed.`,
      msg`Keep your exact address to yourself: PawStay shares it with a guest who has paid, once check-in nears; until then they see your locality and the area.`,
      msg`Trust your instincts: you may decline any request that doesn’t feel right.`,
      msg`Report concerns: write to support with details and photos; we take every report seriously.`,
    ],
  },
];

export function HostSafetyPage() {
  const { t } = useLingui();
  return (
    <GuidePage
      title={t`Safety Tips`}
      lead={t`A safe stay is a happy one. These tips help you prevent problems, spot them early and act calmly if something goes wrong.`}
      actions={
        <>
          <CtaLink to="/host/guide" size="lg"><Trans>Read the Hosting Guide</Trans></CtaLink>
          <CtaLink to="/contact" variant="outline" size="lg"><Trans>Contact support</Trans></CtaLink>
        </>
      }
      sections={SECTIONS}
      footer={
        <div className="flex gap-4 rounded-3xl border border-primary-200 bg-primary-50 p-6 sm:p-8">
          <ShieldAlert className="size-6 shrink-0 text-primary-700" aria-hidden="true" />
          <div>
            <h2 className="text-lg font-semibold text-stone-900"><Trans>In an emergency, the vet comes first</Trans></h2>
            <p className="mt-1 leading-relaxed text-stone-700">
              <Trans>
                These tips are general guidance, not veterinary advice. If a pet is hurt or unwell, call a veterinarian
                straight away, then let the pet parent and{' '}
                <Link to="/contact" className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800">
                  PawStay support
                </Link>{' '}
                know.
              </Trans>
            </p>
          </div>
        </div>
      }
    />
  );
}
