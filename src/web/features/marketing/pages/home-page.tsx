import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BadgeCheck, IndianRupee, PawPrint, RefreshCw } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListingCard as ListingCardData } from '@/domain/contracts/listing';
import { featuredListingsQuery } from '@/web/features/listings';
import { FavoriteButton } from '@/web/features/favorites';
import { ListingCard } from '@/web/components/listing-card';
import { ListingCardSkeleton } from '@/web/components/listing-card-skeleton';
import { Button } from '@/web/components/ui/button';
import { photoSrcSet, photoVariant } from '@/domain/photos';
import { PET_PARENT_STEPS } from '../content/steps';
import { HeroSearch } from '../components/hero-search';
import { HomeIllustration } from '../components/illustrations';
import { HostCta } from '../components/host-cta';
import { CtaLink, IconFeatures, Section, SectionHeading } from '../components/section';
import { Steps } from '../components/steps';
import { EmptyState } from '@/web/components/empty-state';

export function HomePage() {
  const featured = useQuery(featuredListingsQuery);
  const { t } = useLingui();
  return (
    <>
      {/* The same text as the e-mails' footer (server/mail/templates.ts): one catalogue entry, by its English. */}
      <title>{t({ id: 'PawStay · Pet-friendly stays, starting in Ahmedabad', message: 'PawStay · Pet-friendly stays, starting in Ahmedabad' })}</title>
      <Hero listings={featured.data} loading={featured.isPending} />
      <FeaturedStays query={featured} />
      <Section tone="sand" aria-labelledby="how-title">
        <SectionHeading
          id="how-title"
          eyebrow={t`How it works`}
          title={t`From search to belly rubs in four steps`}
          action={<CtaLink to="/how-it-works" variant="outline">{t`See how it works`}</CtaLink>}
        >
          <p>{t`Booking a stay with your pet should feel as easy as booking one without.`}</p>
        </SectionHeading>
        <Steps steps={PET_PARENT_STEPS} />
      </Section>
      <Promises />
      <HostCta className="pt-0 sm:pt-0" />
    </>
  );
}

function Hero({ listings, loading }: { listings: ListingCardData[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-sand-100 via-sand-50 to-white">
      <div className="container-page relative grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-20 lg:pb-20">
        <div className="flex flex-col gap-6">
          <p className="inline-flex items-center gap-2 self-start rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-primary-800 shadow-sm ring-1 ring-primary-200">
            <PawPrint className="size-4" aria-hidden="true" />
            <Trans>Now open in Ahmedabad</Trans>
          </p>
          <h1 id="hero-title" className="text-[2.5rem] leading-[1.08] font-bold tracking-tight text-stone-900 sm:text-6xl">
            <Trans>
              Stays where your pet is <span className="text-primary-600">family</span> too
            </Trans>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-stone-700 sm:text-xl">
            <Trans>
              Find pet-friendly homes hosted by verified pet lovers. Bring the dog, the cat and the squeaky toy: everyone
              is welcome.
            </Trans>
          </p>
          <div className="mt-2">
            <HeroSearch />
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-stone-700">
            <li className="flex items-center gap-2">
              <BadgeCheck className="size-5 text-emerald-700" aria-hidden="true" />
              <Trans>Hosts vetted with government-issued IDs</Trans>
            </li>
            <li className="flex items-center gap-2">
              <IndianRupee className="size-5 text-primary-600" aria-hidden="true" />
              <Trans>Pay by UPI, cards, net banking or wallets</Trans>
            </li>
          </ul>
        </div>
        <HeroVisual listings={listings} loading={loading} />
      </div>
    </section>
  );
}

const DOG_WORDS = /\b(dogs?|pupp(y|ies)|retriever|labrador|dachshund|corgi|beagle|pug|indie|spaniel|terrier)\b/i;
const CAT_WORDS = /\b(cats?|kittens?|tabby)\b/i;

type HeroPhoto = { url: string; alt: string; listingId: string };

/**
 * Up to three photos for the hero, one per listing, pets first (a dog, then a cat, then
 * another dog), then the listings' own first photos: photography leads.
 */
export function pickHeroPhotos(listings: ListingCardData[]): HeroPhoto[] {
  const all = listings.flatMap((l) => l.photos.map((p) => ({ url: p.url, alt: p.alt, listingId: l.id })));
  const dogs = all.filter((p) => DOG_WORDS.test(p.alt));
  const cats = all.filter((p) => CAT_WORDS.test(p.alt) && !DOG_WORDS.test(p.alt));
  const pets: HeroPhoto[] = [];
  for (let i = 0; i < Math.max(dogs.length, cats.length); i++) {
    if (dogs[i]) pets.push(dogs[i]!);
    if (cats[i]) pets.push(cats[i]!);
  }
  const chosen: HeroPhoto[] = [];
  for (const photo of [...pets, ...all]) {
    if (chosen.length === 3) break;
    if (!chosen.some((c) => c.listingId === photo.listingId || c.url === photo.url)) chosen.push(photo);
  }
  return chosen;
}

/**
 * Listing photos lead when there are any; the illustration stands in otherwise. The placeholder
 * and the photos have keys of their own, so that the photos arrive as a new element: Chrome
 * counted the placeholder's element turning into the grid as a layout shift (0.34 on a phone).
 */
function HeroVisual({ listings, loading }: { listings: ListingCardData[] | undefined; loading: boolean }) {
  const photos = pickHeroPhotos(listings ?? []);
  if (loading) {
    return <div key="placeholder" aria-hidden="true" className="aspect-[6/5] w-full rounded-[2rem] bg-sand-100 motion-safe:animate-pulse" />;
  }
  if (photos.length < 3) {
    return <HomeIllustration className="mx-auto max-w-lg" />;
  }
  const img = (photo: HeroPhoto, className: string, sizes: string, priority = false) => (
    <img
      src={photoVariant(photo.url, priority ? 'large' : 'card')}
      srcSet={photoSrcSet(photo.url)}
      sizes={sizes}
      alt={photo.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  const [a, b, c] = photos as [HeroPhoto, HeroPhoto, HeroPhoto];
  return (
    <div key="photos" className="relative grid aspect-[6/5] w-full grid-cols-[1.35fr_1fr] grid-rows-2 gap-3 sm:gap-4">
      {img(a, 'row-span-2 size-full rounded-[1.75rem] object-cover shadow-lg', '(min-width: 1024px) 30vw, 55vw', true)}
      {img(b, 'size-full rounded-[1.75rem] object-cover shadow-lg', '(min-width: 1024px) 20vw, 40vw')}
      {img(c, 'size-full rounded-[1.75rem] object-cover shadow-lg', '(min-width: 1024px) 20vw, 40vw')}
      <div className="absolute -bottom-5 left-4 flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-xl ring-1 ring-stone-200 sm:left-6">
        <span className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <BadgeCheck className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm leading-tight">
          <span className="block font-semibold text-stone-900">
            <Trans>Verified hosts</Trans>
          </span>
          <span className="text-stone-600">
            <Trans>ID-checked and video-called</Trans>
          </span>
        </p>
      </div>
    </div>
  );
}

function FeaturedStays({ query }: { query: UseQueryResult<ListingCardData[]> }) {
  const listings = query.data ?? [];
  const { t } = useLingui();
  return (
    <Section aria-labelledby="featured-title" className="pt-12 sm:pt-16">
      <SectionHeading
        id="featured-title"
        eyebrow={t`Featured stays`}
        title={t`Pet-friendly homes in Ahmedabad`}
        action={
          <CtaLink to="/search?city=Ahmedabad" variant="outline" className="self-start sm:self-auto" arrow>
            {t`See all stays`}
          </CtaLink>
        }
      >
        <p>{t`Hand-picked homes with happy guests, from cosy flats to bungalows with gardens.`}</p>
      </SectionHeading>

      {query.isPending ? (
        <div role="status" aria-label={t`Loading stays`} className="grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <ListingCardSkeleton key={i} className={i >= 2 ? 'hidden sm:flex' : undefined} />
          ))}
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={PawPrint}
          headingLevel={3}
          title={t`We couldn’t load stays just now`}
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              {t({ id: 'Try again', message: 'Try again' })}
            </Button>
          }
        >
          {t`Check your connection and try again. Your pet’s next holiday is worth the wait.`}
        </EmptyState>
      ) : listings.length === 0 ? (
        <EmptyState
          icon={PawPrint}
          headingLevel={3}
          title={t`New stays are on their way`}
          action={<CtaLink to="/search?city=Ahmedabad">{t`Search stays`}</CtaLink>}
        >
          {t`Our first hosts are getting their homes ready for four-legged guests. Search now to see what’s open.`}
        </EmptyState>
      ) : (
        <ul className="grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {listings.map((listing, i) => (
            <li key={listing.id} className="flex">
              <ListingCard listing={listing} favorite={FavoriteButton} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const PROMISES = [
  {
    title: msg`Verified hosts`,
    text: msg`Every host is vetted with a government-issued ID, property photos and a quick video call before they welcome guests.`,
    icon: BadgeCheck,
  },
  {
    title: msg`Homes made for pets`,
    text: msg`Listings tell you which pet sizes they welcome, so a Labrador and a Persian cat both find the right fit.`,
    icon: PawPrint,
  },
  {
    title: msg`Clear prices in rupees`,
    text: msg`The nightly price plus GST, shown before you book. No surprise fees are added to your total.`,
    icon: IndianRupee,
  },
];

function Promises() {
  const { i18n, t } = useLingui();
  const promises = PROMISES.map((p) => ({ ...p, title: i18n._(p.title), text: i18n._(p.text) }));
  return (
    <Section aria-labelledby="promises-title">
      <SectionHeading id="promises-title" eyebrow={t`Why PawStay`} title={t`Peace of mind for pet parents`} align="center">
        <p>{t`We started PawStay in 2025 because finding a stay that truly welcomes pets shouldn’t take twenty phone calls.`}</p>
      </SectionHeading>
      <IconFeatures items={promises} layout="centered" className="grid gap-8 md:grid-cols-3" />
    </Section>
  );
}
