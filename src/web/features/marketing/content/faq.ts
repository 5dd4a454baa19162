import { todayInIndia } from '@/domain/dates';
import { formatInr } from '@/domain/money/units';
import { GST_ON_STAYS, inForce, percentText } from '@/domain/money/tax-rates';
import { PAYOUT_RELEASE_TEXT } from '@/domain/money/payout';
import { PLATFORM_FEE_TEXT } from '@/domain/money/pricing-config';

export type Faq = { id: string; question: string; answer: string };
export type FaqGroup = { id: string; title: string; items: Faq[] };

/** The GST slabs on stays in force today (tax-rates.ts). */
const gst = inForce(GST_ON_STAYS, todayInIndia());

// The marketing facts of SPEC.md section 1 and the GST rule of PRODUCT.md section 2, stated exactly.
export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'pet-parents',
    title: 'For Pet Parents',
    items: [
      {
        id: 'what-is-pawstay',
        question: 'What is PawStay?',
        answer:
          'PawStay is a marketplace for pet-friendly stays in India. We were founded in 2025 and are starting in Ahmedabad: you find a home where your pet is welcome, and you book it with a host who loves animals as much as you do.',
      },
      {
        id: 'host-vetting',
        question: 'How do you vet hosts?',
        answer:
          'Hosts are vetted with government-issued IDs. Verification takes 1-2 business days and includes identity verification, a review of property photos and a quick video call. Verified hosts carry a Verified badge on their listings.',
      },
      {
        id: 'which-pets',
        question: 'Which pets can stay?',
        answer:
          'Mostly dogs and cats, and some hosts welcome small pets too. Every listing shows the sizes it accepts: small (under 10kg), medium (10-25kg) and large (over 25kg).',
      },
      {
        id: 'reviews',
        question: 'How do reviews work?',
        answer:
          'After a stay, you and your host can each write a review. Reviews are published after both sides submit, or after 14 days, so nobody’s review is shaped by the other’s.',
      },
      {
        id: 'what-to-pack',
        question: 'What should I bring for my pet?',
        answer:
          'Your pet’s usual food and bowls, a leash, their bed or blanket, a favourite toy, any medicines, and their vaccination records. Familiar things help a pet settle in fast.',
      },
    ],
  },
  {
    id: 'hosts',
    title: 'For Hosts',
    items: [
      {
        id: 'become-host',
        question: 'How do I become a host?',
        answer:
          'Sign in, open Become a Host and create your listing with photos, a nightly price and the pet sizes you welcome. Listing is free.',
      },
      {
        id: 'host-fee',
        question: 'What does hosting cost?',
        answer:
          `Listing is free. PawStay charges a ${PLATFORM_FEE_TEXT} host service fee on a completed booking, deducted from your payout. There is nothing to pay upfront.`,
      },
      {
        id: 'verification',
        question: 'How long does verification take?',
        answer:
          'Verification takes 1-2 business days. It includes identity verification with a government-issued ID, your property photos and a quick video call with our team.',
      },
      {
        id: 'payouts',
        question: 'When do I get paid?',
        answer: `Funds are released ${PAYOUT_RELEASE_TEXT}, minus the ${PLATFORM_FEE_TEXT} host service fee.`,
      },
      {
        id: 'choose-guests',
        question: 'Can I choose which pets I host?',
        answer:
          'Yes. You set the pet sizes your home suits, and you accept or decline each booking request. Requests you don’t answer within 24 hours expire.',
      },
    ],
  },
  {
    id: 'booking-payment',
    title: 'Booking & Payment',
    items: [
      {
        id: 'payment-methods',
        question: 'How can I pay?',
        answer: 'By cards, UPI, net banking and wallets. All prices are in Indian rupees.',
      },
      {
        id: 'price-breakdown',
        question: 'What does a stay cost in total?',
        answer: `The nightly price times the number of nights, plus GST: ${percentText(gst.lowBps)} GST on stays up to ${formatInr(gst.upToNightlyInr)} a night, ${percentText(gst.highBps)} above. The host service fee is paid by the host and is never added to your total.`,
      },
      {
        id: 'cancellation',
        question: 'What if I need to cancel?',
        answer:
          'Each host picks a cancellation policy, shown on their listing. For example, flexible gives a full refund up to 24 hours before check-in; moderate gives a full refund up to 5 days before check-in.',
      },
      {
        id: 'confirmation',
        question: 'When is my booking confirmed?',
        answer:
          'You send a booking request and the host accepts or declines it. A request without an answer within 24 hours expires, so you can book another stay.',
      },
      {
        id: 'host-payment',
        question: 'When does the host receive my payment?',
        answer: `Funds are released to the host ${PAYOUT_RELEASE_TEXT}, once you have settled in.`,
      },
    ],
  },
];

/** The short list on the About page. */
export const ABOUT_FAQ_IDS = ['host-vetting', 'which-pets', 'host-fee', 'cancellation'];
