import { CalendarCheck, HeartHandshake, House, MessageCircleHeart, Search, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import { PAYOUT_RELEASE_TEXT } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

export type Step = { title: string; text: string; icon: LucideIcon };

/** The four steps of SPEC.md (About and How It Works), in order. */
export const PET_PARENT_STEPS: Step[] = [
  {
    title: 'Search & Filter',
    text: 'Pick your dates and your pet’s size, set a budget, and choose verified hosts only if you like.',
    icon: Search,
  },
  {
    title: 'Book Your Stay',
    text: 'Send a booking request with your pet’s details. The host answers within 24 hours.',
    icon: CalendarCheck,
  },
  {
    title: 'Connect with Host',
    text: 'Chat about feeding times, favourite toys, walks and house rules before you arrive.',
    icon: MessageCircleHeart,
  },
  {
    title: 'Enjoy Your Stay',
    text: 'Settle in somewhere your pet is truly welcome, then leave a review to help the next pet parent.',
    icon: Sparkles,
  },
];

/** The three host steps of the About page's Become a Host section. */
export const HOST_STEPS: Step[] = [
  {
    title: 'List Your Property',
    text: 'Describe your home, add bright photos and set your nightly price and the pet sizes you welcome. Listing is free.',
    icon: House,
  },
  {
    title: 'Get Verified',
    text: 'Identity verification with a government-issued ID, a look at your property photos and a quick video call: 1-2 business days.',
    icon: ShieldCheck,
  },
  {
    title: 'Start Hosting',
    text: `Accept the requests that suit you. Funds are released ${PAYOUT_RELEASE_TEXT}, less a ${PLATFORM_FEE_TEXT} host service fee.`,
    icon: HeartHandshake,
  },
];
