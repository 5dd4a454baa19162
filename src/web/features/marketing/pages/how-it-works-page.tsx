import { Link } from 'react-router';
import { BadgeCheck, Banknote, CalendarCheck, MessageCircleHeart, ShieldCheck, Star, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import { GST_ON_STAYS, inForce, percentText } from '@/domain/money/tax-rates';
import { HOST_STEPS, PET_PARENT_STEPS } from '../content/steps';
import { HostCta } from '../components/host-cta';
import { CtaLink, PageHero, Section, SectionHeading } from '../components/section';
import { Steps } from '../components/steps';
import { PAYOUT_DELAY_HOURS } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

/** The GST slabs on stays in force today (tax-rates.ts). */
const gst = inForce(GST_ON_STAYS, todayInIndia());
const low = percentText(gst.lowBps);
const cap = formatInr(gst.upToNightlyInr);
const high = percentText(gst.highBps);
const fee = PLATFORM_FEE_TEXT;
const hours = PAYOUT_DELAY_HOURS;

/** A point of the page, its words read in the page's language (`i18n._`). */
type Detail = { title: MessageDescriptor; text: MessageDescriptor; icon: LucideIcon };

const PARENT_DETAILS: Detail[] = [
  {
    title: msg`Requests, not surprises`,
    text: msg`You send a booking request for your dates and your pet’s size. The host accepts or declines within 24 hours, so you always know where you stand.`,
    icon: CalendarCheck,
  },
  {
    title: msg`Prices you can read`,
    text: msg`The nightly price times your nights, plus GST: ${low} up to ${cap} a night, ${high} above. Pay by cards, UPI, net banking or wallets.`,
    icon: Banknote,
  },
  {
    title: msg`Talk before you travel`,
    text: msg`Message your host about feeding times, walks, resident pets and house rules before you arrive.`,
    icon: MessageCircleHeart,
  },
  {
    title: msg`Honest reviews`,
    text: msg`You and your host review each other after the stay. Reviews are published after both sides submit, or after 14 days.`,
    icon: Star,
  },
];

const HOST_DETAILS: Detail[] = [
  {
    title: msg`Free to list`,
    text: msg`Listing is free. A ${fee} host service fee applies on a completed booking, deducted from your payout.`,
    icon: Banknote,
  },
  {
    title: msg`Verified in 1-2 business days`,
    text: msg`Identity verification with a government-issued ID, a look at your property photos and a quick video call.`,
    icon: ShieldCheck,
  },
  {
    title: msg`You choose your guests`,
    text: msg`Set the pet sizes your home suits and accept only the requests that fit your schedule.`,
    icon: BadgeCheck,
  },
  {
    title: msg`Paid after check-in`,
    text: msg`Funds are released ${hours} hours after check-in, straight to you.`,
    icon: CalendarCheck,
  },
];

export function HowItWorksPage() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`How It Works · PawStay`}</title>
      <PageHero
        eyebrow={t`How It Works`}
        title={t`Simple for pet parents. Rewarding for hosts.`}
        lead={t`Whether you are travelling with a golden retriever or opening your home to a curious cat, here is how PawStay works.`}
      >
        <CtaLink to="#pet-parents" size="lg">{t`For pet parents`}</CtaLink>
        <CtaLink to="#hosts" variant="outline" size="lg">{t`For hosts`}</CtaLink>
      </PageHero>

      <Section aria-labelledby="pet-parents" className="scroll-mt-20">
        <SectionHeading
          id="pet-parents"
          eyebrow={t`For pet parents`}
          title={t`Book a stay your pet will love`}
          action={<CtaLink to="/search" className="self-start sm:self-auto" arrow>{t`Start Searching`}</CtaLink>}
        />
        <Steps steps={PET_PARENT_STEPS} />
        <Details items={PARENT_DETAILS} />
      </Section>

      <Section tone="sand" aria-labelledby="hosts">
        <SectionHeading
          id="hosts"
          eyebrow={t`For hosts`}
          title={t`Host pets, earn from your space`}
          action={<CtaLink to="/host" className="self-start sm:self-auto" arrow>{t`Become a Host`}</CtaLink>}
        />
        <Steps steps={HOST_STEPS} />
        <Details items={HOST_DETAILS} />
        <p className="mt-10 text-stone-700">
          <Trans>
            New to hosting? Read our{' '}
            <Link to="/host/guide" className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800">
              Hosting Guide
            </Link>{' '}
            and{' '}
            <Link to="/host/safety" className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800">
              Safety Tips
            </Link>
            .
          </Trans>
        </p>
      </Section>

      <HostCta />
    </>
  );
}

function Details({ items }: { items: Detail[] }) {
  const { i18n } = useLingui();
  return (
    <ul className="mt-12 grid gap-x-10 gap-y-8 md:grid-cols-2">
      {items.map(({ title, text, icon: Icon }) => (
        <li key={title.id} className="flex gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-primary-700 shadow-sm ring-1 ring-stone-200">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold text-stone-900">{i18n._(title)}</h3>
            <p className="mt-1 leading-relaxed text-stone-600">{i18n._(text)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
