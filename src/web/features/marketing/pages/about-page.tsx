import { Link } from 'react-router';
import { BadgeCheck, CalendarHeart, Gem, HeartHandshake, MapPin, PawPrint, Users } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABOUT_FAQ_IDS, FAQ_GROUPS } from '../content/faq';
import { HOST_STEPS, PET_PARENT_STEPS } from '../content/steps';
import { FaqList } from '../components/faq-list';
import { HomeIllustration } from '../components/illustrations';
import { CtaLink, IconFeatures, PageHero, Section, SectionHeading } from '../components/section';
import { Steps } from '../components/steps';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

const fee = PLATFORM_FEE_TEXT;

const VALUES = [
  {
    title: msg`Pet-First`,
    text: msg`Every decision starts with the pet: safe homes, clear size limits and hosts who understand animals.`,
    icon: PawPrint,
  },
  {
    title: msg`Verified Hosts`,
    text: msg`Hosts are vetted with government-issued IDs, property photos and a quick video call before they welcome guests.`,
    icon: BadgeCheck,
  },
  {
    title: msg`Community`,
    text: msg`Pet parents and hosts review each other honestly, so every stay helps the next one go better.`,
    icon: Users,
  },
  {
    title: msg`Excellence`,
    text: msg`Clear prices in rupees, quick answers from hosts and support that knows a cat from a kitten.`,
    icon: Gem,
  },
];

const aboutFaqs = FAQ_GROUPS.flatMap((g) => g.items).filter((f) => ABOUT_FAQ_IDS.includes(f.id));

export function AboutPage() {
  const { i18n, t } = useLingui();
  const values = VALUES.map((v) => ({ ...v, title: i18n._(v.title), text: i18n._(v.text) }));
  return (
    <>
      <title>{t`About · PawStay`}</title>
      <PageHero
        eyebrow={t`About PawStay`}
        title={t`Travel together. Stay together.`}
        lead={t`PawStay connects pet parents with hosts who open their homes to dogs, cats and small pets. No more leaving your best friend behind, and no more hiding them from the landlord.`}
        aside={<HomeIllustration className="mx-auto max-w-md" />}
      >
        <CtaLink to="/search" size="lg" arrow>{t`Start Searching`}</CtaLink>
        <CtaLink to="/host" variant="outline" size="lg">{t`Become a Host`}</CtaLink>
      </PageHero>

      <Section aria-labelledby="who-title">
        <div className="grid gap-12 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <div className="flex flex-col gap-6">
            <SectionHeading id="who-title" eyebrow={t`Pet people, building for pet people`} title={t`Who We Are`} className="mb-0 sm:mb-0">
              <p>
                <Trans>
                  We are a small team in Ahmedabad who got tired of “no pets allowed”. PawStay makes it simple to find a stay
                  where your companion is expected, welcomed and safe, and lets animal-loving hosts share their homes.
                </Trans>
              </p>
            </SectionHeading>
            <LaunchCard />
          </div>
          <IconFeatures items={values} layout="cards" className="grid gap-5 sm:grid-cols-2" />
        </div>
      </Section>

      <Section tone="sand" aria-labelledby="how-title">
        <SectionHeading id="how-title" eyebrow={t`How It Works`} title={t`Four steps to a happy stay`} />
        <Steps steps={PET_PARENT_STEPS} />
      </Section>

      <Section aria-labelledby="host-title">
        <SectionHeading
          id="host-title"
          eyebrow={t`Become a Host`}
          title={t`Share your home with a furry guest`}
          action={<CtaLink to="/host" className="self-start sm:self-auto" arrow>{t`Become a Host`}</CtaLink>}
        >
          <p>{t`Listing is free. A ${fee} host service fee applies only on a completed booking.`}</p>
        </SectionHeading>
        <Steps steps={HOST_STEPS} />
      </Section>

      <Section tone="sand" aria-labelledby="faq-title">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr] lg:gap-16">
          <SectionHeading
            id="faq-title"
            eyebrow={t`FAQ`}
            title={t`Questions pet parents ask us`}
            className="self-start lg:mb-0"
          >
            <p>
              <Trans>
                The short version. For payments, reviews and more,{' '}
                <Link to="/faq" className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800">
                  see all FAQs
                </Link>
                .
              </Trans>
            </p>
          </SectionHeading>
          <div className="flex flex-col gap-6">
            <FaqList items={aboutFaqs} />
            <CtaLink to="/faq" variant="outline" className="self-start" arrow>{t`View all FAQs`}</CtaLink>
          </div>
        </div>
      </Section>

      <section aria-labelledby="closing-title" className="py-16 sm:py-24">
        <div className="container-page">
          <div className="flex flex-col items-center gap-6 rounded-[2rem] bg-primary-700 px-6 py-14 text-center text-white sm:px-12">
            <HeartHandshake className="size-10 text-primary-100" aria-hidden="true" />
            <h2 id="closing-title" className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
              <Trans>Your pet’s next adventure starts here</Trans>
            </h2>
            <p className="max-w-xl text-lg text-primary-50">
              <Trans>Find a home that welcomes the whole family, or open yours to pets who need one.</Trans>
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <CtaLink to="/search" variant="inverse" size="lg">{t`Find a stay`}</CtaLink>
              <CtaLink to="/host" variant="ghost-inverse" size="lg">{t`Become a Host`}</CtaLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function LaunchCard() {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-stone-900 p-6 text-white sm:p-8">
      <h3 className="text-sm font-semibold tracking-wider text-primary-200 uppercase">
        <Trans>Our Launch</Trans>
      </h3>
      <p className="mt-3 text-2xl font-bold tracking-tight">
        <Trans>Ahmedabad first, India next</Trans>
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4">
        <div className="rounded-2xl bg-white/10 p-4">
          <dt className="flex items-center gap-2 text-sm text-stone-300">
            <MapPin className="size-4" aria-hidden="true" />
            <Trans>Launch city</Trans>
          </dt>
          <dd className="mt-1 text-lg font-semibold">
            <Trans>Ahmedabad</Trans>
          </dd>
        </div>
        <div className="rounded-2xl bg-white/10 p-4">
          <dt className="flex items-center gap-2 text-sm text-stone-300">
            <CalendarHeart className="size-4" aria-hidden="true" />
            <Trans>Founded</Trans>
          </dt>
          <dd className="mt-1 text-lg font-semibold">2025</dd>
        </div>
      </dl>
      <p className="mt-5 text-[0.9375rem] leading-relaxed text-stone-300">
        <Trans>We are starting with the city we call home, getting every stay right before we grow across Gujarat and beyond.</Trans>
      </p>
    </div>
  );
}
