import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import { GST_ON_STAYS, inForce, percentText } from '@/domain/money/tax-rates';
import { PAYOUT_DELAY_HOURS } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

/** A question and its answer, read in the page's language (`i18n._`). */
export type Faq = { id: string; question: MessageDescriptor; answer: MessageDescriptor };
export type FaqGroup = { id: string; title: MessageDescriptor; items: Faq[] };

/** The GST slabs on stays in force today (tax-rates.ts). */
const gst = inForce(GST_ON_STAYS, todayInIndia());
const low = percentText(gst.lowBps);
const cap = formatInr(gst.upToNightlyInr);
const high = percentText(gst.highBps);
const fee = PLATFORM_FEE_TEXT;
const hours = PAYOUT_DELAY_HOURS;

// The marketing facts of SPEC.md section 1 and the GST rule of PRODUCT.md section 2, stated exactly.
export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'pet-parents',
    title: msg`For Pet Parents`,
    items: [
      {
        id: 'what-is-pawstay',
        question: msg`What is PawStay?`,
        answer: msg`PawStay is a marketplace for pet-friendly stays in India. We were founded in 2025 and are starting in Ahmedabad: you find a home where your pet is welcome, and you book it with a host who loves animals as much as you do.`,
      },
      {
        id: 'host-vetting',
        question: msg`How do you vet hosts?`,
        answer: msg`Hosts are vetted with government-issued IDs. Verification takes 1-2 business days and includes identity verification, a review of property photos and a quick video call. Verified hosts carry a Verified badge on their listings.`,
      },
      {
        id: 'which-pets',
        question: msg`Which pets can stay?`,
        answer: msg`Mostly dogs and cats, and some hosts welcome small pets too. Every listing shows the sizes it accepts: small (under 10kg), medium (10-25kg) and large (over 25kg).`,
      },
      {
        id: 'reviews',
        question: msg`How do reviews work?`,
        answer: msg`After a stay, you and your host can each write a review. Reviews are published after both sides submit, or after 14 days, so nobody’s review is shaped by the other’s.`,
      },
      {
        id: 'what-to-pack',
        question: msg`What should I bring for my pet?`,
        answer: msg`Your pet’s usual food and bowls, a leash, their bed or blanket, a favourite toy, any medicines, and their vaccination records. Familiar things help a pet settle in fast.`,
      },
    ],
  },
  {
    id: 'hosts',
    title: msg`For Hosts`,
    items: [
      {
        id: 'become-host',
        question: msg`How do I become a host?`,
        answer: msg`Sign in, open Become a Host and create your listing with photos, a nightly price and the pet sizes you welcome. Listing is free.`,
      },
      {
        id: 'host-fee',
        question: msg`What does hosting cost?`,
        answer: msg`Listing is free. PawStay charges a ${fee} host service fee on a completed booking, deducted from your payout. There is nothing to pay upfront.`,
      },
      {
        id: 'verification',
        question: msg`How long does verification take?`,
        answer: msg`Verification takes 1-2 business days. It includes identity verification with a government-issued ID, your property photos and a quick video call with our team.`,
      },
      {
        id: 'payouts',
        question: msg`When do I get paid?`,
        answer: msg`Funds are released ${hours} hours after check-in, minus the ${fee} host service fee.`,
      },
      {
        id: 'choose-guests',
        question: msg`Can I choose which pets I host?`,
        answer: msg`Yes. You set the pet sizes your home suits, and you accept or decline each booking request. Requests you don’t answer within 24 hours expire.`,
      },
    ],
  },
  {
    id: 'booking-payment',
    title: msg`Booking & Payment`,
    items: [
      {
        id: 'payment-methods',
        question: msg`How can I pay?`,
        answer: msg`By cards, UPI, net banking and wallets. All prices are in Indian rupees.`,
      },
      {
        id: 'price-breakdown',
        question: msg`What does a stay cost in total?`,
        answer: msg`The nightly price times the number of nights, plus GST: ${low} GST on stays up to ${cap} a night, ${high} above. The host service fee is paid by the host and is never added to your total.`,
      },
      {
        id: 'cancellation',
        question: msg`What if I need to cancel?`,
        answer: msg`Each host picks a cancellation policy, shown on their listing. For example, flexible gives a full refund up to 24 hours before check-in; moderate gives a full refund up to 5 days before check-in.`,
      },
      {
        id: 'confirmation',
        question: msg`When is my booking confirmed?`,
        answer: msg`You send a booking request and the host accepts or declines it. A request without an answer within 24 hours expires, so you can book another stay.`,
      },
      {
        id: 'host-payment',
        question: msg`When does the host receive my payment?`,
        answer: msg`Funds are released to the host ${hours} hours after check-in, once you have settled in.`,
      },
    ],
  },
];

/** The short list on the About page. */
export const ABOUT_FAQ_IDS = ['host-vetting', 'which-pets', 'host-fee', 'cancellation'];
