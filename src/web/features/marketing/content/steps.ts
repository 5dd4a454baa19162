import { CalendarCheck, HeartHandshake, House, MessageCircleHeart, Search, ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PAYOUT_DELAY_HOURS } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

/** A step, its words read in the page's language (`i18n._`). */
export type Step = { title: MessageDescriptor; text: MessageDescriptor; icon: LucideIcon };

const hours = PAYOUT_DELAY_HOURS;
const fee = PLATFORM_FEE_TEXT;

/** The four steps of SPEC.md (About and How It Works), in order. */
export const PET_PARENT_STEPS: Step[] = [
  {
    title: msg`Search & Filter`,
    text: msg`Pick your dates and your pet’s size, set a budget, and choose verified hosts only if you like.`,
    icon: Search,
  },
  {
    title: msg`Book Your Stay`,
    text: msg`Send a booking request with your pet’s details. The host answers within 24 hours.`,
    icon: CalendarCheck,
  },
  {
    title: msg`Connect with Host`,
    text: msg`Chat about feeding times, favourite toys, walks and house rules before you arrive.`,
    icon: MessageCircleHeart,
  },
  {
    title: msg`Enjoy Your Stay`,
    text: msg`Settle in somewhere your pet is truly welcome, then leave a review to help the next pet parent.`,
    icon: Sparkles,
  },
];

/** The three host steps of the About page's Become a Host section. */
export const HOST_STEPS: Step[] = [
  {
    title: msg`List Your Property`,
    text: msg`Describe your home, add bright photos and set your nightly price and the pet sizes you welcome. Listing is free.`,
    icon: House,
  },
  {
    title: msg`Get Verified`,
    text: msg`Identity verification with a government-issued ID, a look at your property photos and a quick video call: 1-2 business days.`,
    icon: ShieldCheck,
  },
  {
    title: msg`Start Hosting`,
    text: msg`Accept the requests that suit you. Funds are released ${hours} hours after check-in, less a ${fee} host service fee.`,
    icon: HeartHandshake,
  },
];
