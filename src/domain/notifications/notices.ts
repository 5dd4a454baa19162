import type { IsoDate } from '../dates';
import { formatInstantIn, formatStayDates } from '../dates-in-language';
import type { Words } from '../words';
import { formatPaise } from '../money/units';

// What PawStay tells a user (issue 38): one typed notice per event, stored with the change that
// causes it and read in the app, and the words each channel uses. A notice carries facts, not
// sentences, so that its words are written here once, and worded in the reader's language when it
// is read (Words).
//
// Its body is what a phone's lock screen may show: the listing, the dates, a name, the stay's
// total to its guest. Never an address, never a message's text, never any other amount (a
// refund, a payout): those are in the app and the e-mail, behind the user's own sign-in.

/** The groups of notices a user chooses channels for, in the settings page's order. */
export const NOTICE_TOPICS = ['requests', 'payments', 'bookings', 'messages', 'stay', 'problems', 'payouts', 'account'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

export type NoticeRole = 'guest' | 'host';

/** The facts a notice may carry; each kind uses some of them (NOTICE_KINDS). */
export type NoticeParams = {
  booking_id?: string;
  conversation_id?: string;
  incident_id?: string;
  listing_title?: string;
  /** The other person: the guest, the host, whoever wrote. */
  name?: string;
  start_date?: IsoDate;
  end_date?: IsoDate;
  /** The stay's total, a refund, a payout. */
  amount_paise?: number;
  /** A deadline or an appointment (ISO instant). */
  at?: string;
  /** How many (messages, photos). */
  count?: number;
  /** Whom it is written to, where a kind goes to both sides. */
  role?: NoticeRole;
  /** Which way a decision went (verification, report). */
  approved?: boolean;
};

/**
 * A notice is worded for its reader (domain/words.ts Words): the server's say() in the recipient's
 * saved language for a push, an SMS or a WhatsApp message; the page's catalogue for the app's list.
 */
export type { Words };

type KindInfo = {
  topic: NoticeTopic;
  /** Sent through quiet hours: a pet's safety cannot wait till morning. */
  urgent?: true;
  /**
   * A record of money owed or paid to the reader (a refund, a payout): sent even to a suspended
   * account, whose bookings a suspension ends and refunds.
   */
  receipt?: true;
  title: (p: NoticeParams, w: Words) => string;
  body: (p: NoticeParams, w: Words) => string;
  link: (p: NoticeParams) => string;
};

// Each text is written whole, its facts as {placeholders}, so that a translator words the sentence
// as their language has it; a fact a notice may lack (a name, a title) has a word of its own.
const title = (p: NoticeParams, w: Words) => p.listing_title ?? w.say(/*i18n*/ 'your stay');
const stay = (p: NoticeParams, w: Words) =>
  p.start_date && p.end_date ? w.say(/*i18n*/ '{listing}, {dates}', { listing: title(p, w), dates: formatStayDates(p.start_date, p.end_date, w.locale) }) : title(p, w);
const place = (p: NoticeParams, w: Words) => p.listing_title ?? w.say(/*i18n*/ 'the stay');
const total = (p: NoticeParams) => (p.amount_paise !== undefined ? formatPaise(p.amount_paise) : '');
const deadline = (p: NoticeParams, w: Words) => (p.at ? formatInstantIn(p.at, w.locale) : w.say(/*i18n*/ 'the deadline'));
const chosenDay = (p: NoticeParams, w: Words) => (p.at ? formatInstantIn(p.at, w.locale) : w.say(/*i18n*/ 'the chosen day'));
const otherSide = (p: NoticeParams, w: Words) => p.name ?? w.say(/*i18n*/ 'the other side');
const someone = (p: NoticeParams, w: Words) => p.name ?? w.say(/*i18n*/ 'Someone');
const bookingsLink = (p: NoticeParams) => (p.role === 'host' ? '/host?tab=requests' : '/dashboard');
const stayLink = (p: NoticeParams) => (p.booking_id ? `/stays/${p.booking_id}` : bookingsLink(p));
/** The guest of a cancelled or resolved stay is told a refund is coming; the host is not told the amount. */
const refundComing = (p: NoticeParams) => p.role === 'guest' && !!p.amount_paise;

export const NOTICE_KINDS = {
  request_received: {
    topic: 'requests',
    title: (p, w) => w.say(/*i18n*/ 'New booking request from {name}', { name: p.name ?? w.say(/*i18n*/ 'a guest') }),
    body: (p, w) => w.say(/*i18n*/ '{stay}. Accept or decline within 24 hours.', { stay: stay(p, w) }),
    link: () => '/host?tab=requests',
  },
  request_accepted: {
    topic: 'payments',
    title: (_p, w) => w.say(/*i18n*/ 'Accepted: pay to confirm your stay'),
    body: (p, w) => w.say(/*i18n*/ 'Pay {total} by {deadline} for {stay}.', { total: total(p), deadline: deadline(p, w), stay: stay(p, w) }),
    link: () => '/dashboard',
  },
  payment_due_soon: {
    topic: 'payments',
    title: (_p, w) => w.say(/*i18n*/ 'Your payment is due soon'),
    body: (p, w) => w.say(/*i18n*/ 'Pay {total} by {deadline} or {stay} is released.', { total: total(p), deadline: deadline(p, w), stay: stay(p, w) }),
    link: () => '/dashboard',
  },
  booking_confirmed: {
    topic: 'bookings',
    title: (p, w) =>
      p.role === 'host' ? w.say(/*i18n*/ '{name} paid: the stay is confirmed', { name: p.name ?? w.say(/*i18n*/ 'Your guest') }) : w.say(/*i18n*/ 'Your stay is confirmed'),
    body: (p, w) => (p.role === 'host' ? w.say(/*i18n*/ '{stay}.', { stay: stay(p, w) }) : w.say(/*i18n*/ 'We received {total} for {stay}.', { total: total(p), stay: stay(p, w) })),
    link: bookingsLink,
  },
  request_declined: {
    topic: 'requests',
    title: (_p, w) => w.say(/*i18n*/ 'Your request was declined'),
    body: (p, w) => w.say(/*i18n*/ 'The host cannot take {stay}. Other homes nearby may be free.', { stay: stay(p, w) }),
    link: () => '/dashboard',
  },
  request_expired: {
    topic: 'requests',
    title: (_p, w) => w.say(/*i18n*/ 'Your request has expired'),
    body: (p, w) => w.say(/*i18n*/ 'The host did not answer in time for {stay}. Nothing is charged.', { stay: stay(p, w) }),
    link: () => '/dashboard',
  },
  booking_lapsed: {
    topic: 'requests',
    title: (_p, w) => w.say(/*i18n*/ 'Not paid in time'),
    body: (p, w) => w.say(/*i18n*/ '{stay} was not paid in time, so the dates are free again.', { stay: stay(p, w) }),
    link: bookingsLink,
  },
  booking_cancelled: {
    topic: 'bookings',
    title: (p, w) => (p.role === 'host' ? w.say(/*i18n*/ '{name} cancelled', { name: p.name ?? w.say(/*i18n*/ 'The guest') }) : w.say(/*i18n*/ 'Your booking is cancelled')),
    body: (p, w) => (refundComing(p) ? w.say(/*i18n*/ '{stay}. Your refund is on its way.', { stay: stay(p, w) }) : w.say(/*i18n*/ '{stay}.', { stay: stay(p, w) })),
    link: bookingsLink,
  },
  host_cancelled: {
    topic: 'bookings',
    title: (p, w) => (p.role === 'host' ? w.say(/*i18n*/ 'You cancelled a stay') : w.say(/*i18n*/ 'The host cancelled your stay')),
    body: (p, w) => (refundComing(p) ? w.say(/*i18n*/ '{stay}. You get everything back.', { stay: stay(p, w) }) : w.say(/*i18n*/ '{stay}.', { stay: stay(p, w) })),
    link: bookingsLink,
  },
  refund_processed: {
    topic: 'payments',
    receipt: true,
    title: (_p, w) => w.say(/*i18n*/ 'Your refund is on its way'),
    body: (p, w) => w.say(/*i18n*/ 'For {stay}. Banks take 5-7 working days.', { stay: stay(p, w) }),
    link: () => '/dashboard',
  },
  new_messages: {
    topic: 'messages',
    title: (p, w) => w.say(/*i18n*/ 'New message from {name}', { name: p.name ?? (p.role === 'guest' ? w.say(/*i18n*/ 'Your host') : p.role === 'host' ? w.say(/*i18n*/ 'Your guest') : 'PawStay') }),
    body: (p, w) =>
      p.count && p.count > 1
        ? w.say(/*i18n*/ '{count} unread messages about {listing}.', { count: p.count, listing: title(p, w) })
        : w.say(/*i18n*/ 'An unread message about {listing}.', { listing: title(p, w) }),
    link: (p) => (p.conversation_id ? `/messages/${p.conversation_id}` : '/messages'),
  },
  meet_proposed: {
    topic: 'stay',
    title: (p, w) => w.say(/*i18n*/ '{name} suggested a meet-and-greet', { name: someone(p, w) }),
    body: (p, w) => w.say(/*i18n*/ 'Choose a time for {stay}.', { stay: stay(p, w) }),
    link: stayLink,
  },
  meet_confirmed: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'Meet-and-greet confirmed'),
    body: (p, w) => w.say(/*i18n*/ 'With {name} on {day}, for {stay}.', { name: otherSide(p, w), day: chosenDay(p, w), stay: stay(p, w) }),
    link: stayLink,
  },
  meet_reminder: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'Meet-and-greet tomorrow'),
    body: (p, w) => w.say(/*i18n*/ 'With {name} on {day}, for {stay}.', { name: otherSide(p, w), day: chosenDay(p, w), stay: stay(p, w) }),
    link: stayLink,
  },
  stay_update: {
    topic: 'stay',
    title: (p, w) => w.say(/*i18n*/ 'A new update from {name}', { name: p.name ?? w.say(/*i18n*/ 'your host') }),
    body: (p, w) =>
      !p.count
        ? w.say(/*i18n*/ 'News from {listing}.', { listing: title(p, w) })
        : p.count === 1
          ? w.say(/*i18n*/ '1 photo from {listing}.', { listing: title(p, w) })
          : w.say(/*i18n*/ '{count} photos from {listing}.', { count: p.count, listing: title(p, w) }),
    link: stayLink,
  },
  checked_in: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'Your pet has arrived'),
    body: (p, w) => w.say(/*i18n*/ 'The host recorded the check-in at {listing}.', { listing: place(p, w) }),
    link: stayLink,
  },
  checked_out: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'Your pet has gone home'),
    body: (p, w) => w.say(/*i18n*/ 'The host recorded the check-out at {listing}.', { listing: place(p, w) }),
    link: stayLink,
  },
  update_reminder: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'No update yet today'),
    body: (p, w) => w.say(/*i18n*/ '{name} would love a photo from {listing}.', { name: p.name ?? w.say(/*i18n*/ 'Your guest'), listing: place(p, w) }),
    link: stayLink,
  },
  missed_arrival: {
    topic: 'stay',
    title: (_p, w) => w.say(/*i18n*/ 'No check-in yet'),
    body: (p, w) => w.say(/*i18n*/ '{stay} has not been checked in. Tell us what happened.', { stay: stay(p, w) }),
    link: stayLink,
  },
  incident_opened: {
    topic: 'problems',
    title: (p, w) => w.say(/*i18n*/ '{name} reported a problem', { name: someone(p, w) }),
    body: (p, w) => w.say(/*i18n*/ 'On {stay}. Open it to see what happened.', { stay: stay(p, w) }),
    link: stayLink,
  },
  incident_urgent: {
    topic: 'problems',
    urgent: true,
    title: (p, w) => w.say(/*i18n*/ 'Urgent: {name} reported a problem', { name: p.name ?? w.say(/*i18n*/ 'someone') }),
    body: (p, w) => w.say(/*i18n*/ 'On {stay}. Please open it now.', { stay: stay(p, w) }),
    link: stayLink,
  },
  incident_message: {
    topic: 'problems',
    title: (_p, w) => w.say(/*i18n*/ 'PawStay wrote about a problem'),
    body: (p, w) => w.say(/*i18n*/ 'About {stay}.', { stay: stay(p, w) }),
    link: stayLink,
  },
  incident_resolved: {
    topic: 'problems',
    title: (_p, w) => w.say(/*i18n*/ 'A problem was resolved'),
    body: (p, w) => (refundComing(p) ? w.say(/*i18n*/ 'On {stay}. A refund is on its way.', { stay: stay(p, w) }) : w.say(/*i18n*/ 'On {stay}.', { stay: stay(p, w) })),
    link: stayLink,
  },
  payout_paid: {
    topic: 'payouts',
    receipt: true,
    title: (_p, w) => w.say(/*i18n*/ 'Payout sent'),
    body: (p, w) => w.say(/*i18n*/ 'For {stay}: on its way to your account.', { stay: stay(p, w) }),
    link: () => '/host?tab=payouts',
  },
  payout_held: {
    topic: 'payouts',
    title: (_p, w) => w.say(/*i18n*/ 'A payout is on hold'),
    body: (p, w) => w.say(/*i18n*/ 'For {stay}. Open Payouts to see why.', { stay: stay(p, w) }),
    link: () => '/host?tab=payouts',
  },
  payout_due_back: {
    topic: 'payouts',
    receipt: true,
    title: (_p, w) => w.say(/*i18n*/ 'Money due back for a refund'),
    body: (p, w) => w.say(/*i18n*/ 'Your share of a refund on {stay}, decided after your payout.', { stay: stay(p, w) }),
    link: () => '/host?tab=payouts',
  },
  payout_taken_back: {
    topic: 'payouts',
    receipt: true,
    title: (_p, w) => w.say(/*i18n*/ 'Taken back for a refund'),
    body: (p, w) => w.say(/*i18n*/ 'Your share of a refund on {stay} was taken from your account.', { stay: stay(p, w) }),
    link: () => '/host?tab=payouts',
  },
  verification_decided: {
    topic: 'account',
    title: (p, w) => (p.approved ? w.say(/*i18n*/ 'You are verified') : w.say(/*i18n*/ 'Your verification was not approved')),
    body: (p, w) => (p.approved ? w.say(/*i18n*/ 'Your listings now carry the Verified badge.') : w.say(/*i18n*/ 'Open Hosting to read why and try again.')),
    link: () => '/host',
  },
  report_decided: {
    topic: 'account',
    title: (_p, w) => w.say(/*i18n*/ 'We looked into your report'),
    body: (p, w) =>
      p.approved ? w.say(/*i18n*/ 'We acted on it. Thank you for telling us.') : w.say(/*i18n*/ 'We found nothing against our rules this time. Thank you for telling us.'),
    link: () => '/profile',
  },
} satisfies Record<string, KindInfo>;

export type NoticeKind = keyof typeof NOTICE_KINDS;
export const NOTICE_KIND_NAMES = Object.keys(NOTICE_KINDS) as [NoticeKind, ...NoticeKind[]];

/** A notice about to be stored: to whom, which kind, its facts. */
export type Notice = { userId: string; kind: NoticeKind; params: NoticeParams };

export const topicOf = (kind: NoticeKind): NoticeTopic => NOTICE_KINDS[kind].topic;
export const isUrgent = (kind: NoticeKind): boolean => 'urgent' in NOTICE_KINDS[kind];
export const isReceipt = (kind: NoticeKind): boolean => 'receipt' in NOTICE_KINDS[kind];

/**
 * What must be answered in time (a request, a payment deadline, a problem on a stay): their
 * e-mails carry no one-click unsubscribe, which a mail program shows as a button one tap away from
 * a lost stay while e-mail is the only channel that reaches most people. The settings page still
 * turns them off.
 */
export const ESSENTIAL_TOPICS: ReadonlySet<NoticeTopic> = new Set(['requests', 'payments', 'problems']);

/** Whether the e-mail of a notice of `kind` (as stored: any text) carries a one-click unsubscribe. */
export const mayUnsubscribeInOneClick = (kind: string): boolean => kind in NOTICE_KINDS && !ESSENTIAL_TOPICS.has(topicOf(kind as NoticeKind));

/** The words every channel shows: a title, a lock-screen-safe body, and the app's path it opens. */
export function noticeText(kind: NoticeKind, params: NoticeParams, words: Words): { title: string; body: string; link: string } {
  const k: KindInfo = NOTICE_KINDS[kind];
  return { title: k.title(params, words), body: k.body(params, words), link: k.link(params) };
}
