import { formatDateRange, formatInstantInIndia, type IsoDate } from '../dates';
import { formatPaise } from '../money/units';

// What PawStay tells a user (issue 38): one typed notice per event, stored with the change that
// causes it and read in the app, and the words each channel uses. A notice carries facts, not
// sentences, so that its words are written here once (and, with issue 39, in the reader's
// language) when it is read.
//
// Its body is what a phone's lock screen may show: the listing, the dates, a name, the stay's
// total to its guest. Never an address, never a message's text, never any other amount (a
// refund, a payout): those are in the app and the e-mail, behind the user's own sign-in.

/** The groups of notices a user chooses channels for, in the settings page's order. */
export const NOTICE_TOPICS = ['requests', 'payments', 'bookings', 'messages', 'stay', 'problems', 'payouts', 'account'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

export const TOPIC_LABELS: Record<NoticeTopic, { label: string; hint: string }> = {
  requests: { label: 'Booking requests', hint: 'A request for your home, and the answers to yours' },
  payments: { label: 'Payments', hint: 'Pay-by deadlines, receipts and refunds' },
  bookings: { label: 'Bookings', hint: 'Stays confirmed or cancelled' },
  messages: { label: 'Messages', hint: 'Messages you have not read after 15 minutes' },
  stay: { label: 'During a stay', hint: 'Meet-and-greets, daily updates, check-in and check-out' },
  problems: { label: 'Problems on a stay', hint: 'A problem reported, and how it was resolved' },
  payouts: { label: 'Payouts', hint: 'Money paid to you, held, or due back' },
  account: { label: 'Your account', hint: 'Verification and reports you made' },
};

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

type KindInfo = {
  topic: NoticeTopic;
  /** Sent through quiet hours: a pet's safety cannot wait till morning. */
  urgent?: true;
  /**
   * A record of money owed or paid to the reader (a refund, a payout): sent even to a suspended
   * account, whose bookings a suspension ends and refunds.
   */
  receipt?: true;
  title: (p: NoticeParams) => string;
  body: (p: NoticeParams) => string;
  link: (p: NoticeParams) => string;
};

const stay = (p: NoticeParams) =>
  p.start_date && p.end_date ? `${p.listing_title ?? 'your stay'}, ${formatDateRange(p.start_date, p.end_date)}` : (p.listing_title ?? 'your stay');
const total = (p: NoticeParams) => (p.amount_paise !== undefined ? formatPaise(p.amount_paise) : '');
const bookingsLink = (p: NoticeParams) => (p.role === 'host' ? '/host?tab=requests' : '/dashboard');
const stayLink = (p: NoticeParams) => (p.booking_id ? `/stays/${p.booking_id}` : bookingsLink(p));

export const NOTICE_KINDS = {
  request_received: {
    topic: 'requests',
    title: (p) => `New booking request from ${p.name ?? 'a guest'}`,
    body: (p) => `${stay(p)}. Accept or decline within 24 hours.`,
    link: () => '/host?tab=requests',
  },
  request_accepted: {
    topic: 'payments',
    title: () => 'Accepted: pay to confirm your stay',
    body: (p) => `Pay ${total(p)} by ${p.at ? formatInstantInIndia(p.at) : 'the deadline'} for ${stay(p)}.`,
    link: () => '/dashboard',
  },
  payment_due_soon: {
    topic: 'payments',
    title: () => 'Your payment is due soon',
    body: (p) => `Pay ${total(p)} by ${p.at ? formatInstantInIndia(p.at) : 'the deadline'} or ${stay(p)} is released.`,
    link: () => '/dashboard',
  },
  booking_confirmed: {
    topic: 'bookings',
    title: (p) => (p.role === 'host' ? `${p.name ?? 'Your guest'} paid: the stay is confirmed` : 'Your stay is confirmed'),
    body: (p) => (p.role === 'host' ? `${stay(p)}.` : `We received ${total(p)} for ${stay(p)}.`),
    link: bookingsLink,
  },
  request_declined: {
    topic: 'requests',
    title: () => 'Your request was declined',
    body: (p) => `The host cannot take ${stay(p)}. Other homes nearby may be free.`,
    link: () => '/dashboard',
  },
  request_expired: {
    topic: 'requests',
    title: () => 'Your request has expired',
    body: (p) => `The host did not answer in time for ${stay(p)}. Nothing is charged.`,
    link: () => '/dashboard',
  },
  booking_lapsed: {
    topic: 'requests',
    title: () => 'Not paid in time',
    body: (p) => `${stay(p)} was not paid in time, so the dates are free again.`,
    link: bookingsLink,
  },
  booking_cancelled: {
    topic: 'bookings',
    title: (p) => (p.role === 'host' ? `${p.name ?? 'The guest'} cancelled` : 'Your booking is cancelled'),
    body: (p) => `${stay(p)}.${p.role === 'guest' && p.amount_paise ? ' Your refund is on its way.' : ''}`,
    link: bookingsLink,
  },
  host_cancelled: {
    topic: 'bookings',
    title: (p) => (p.role === 'host' ? 'You cancelled a stay' : 'The host cancelled your stay'),
    body: (p) => `${stay(p)}.${p.role === 'guest' && p.amount_paise ? ' You get everything back.' : ''}`,
    link: bookingsLink,
  },
  refund_processed: {
    topic: 'payments',
    receipt: true,
    title: () => 'Your refund is on its way',
    body: (p) => `For ${stay(p)}. Banks take 5-7 working days.`,
    link: () => '/dashboard',
  },
  new_messages: {
    topic: 'messages',
    title: (p) => `New message from ${p.name ?? 'PawStay'}`,
    body: (p) => `${p.count && p.count > 1 ? `${p.count} unread messages` : 'An unread message'} about ${p.listing_title ?? 'your stay'}.`,
    link: (p) => (p.conversation_id ? `/messages/${p.conversation_id}` : '/messages'),
  },
  meet_proposed: {
    topic: 'stay',
    title: (p) => `${p.name ?? 'Someone'} suggested a meet-and-greet`,
    body: (p) => `Choose a time for ${stay(p)}.`,
    link: stayLink,
  },
  meet_confirmed: {
    topic: 'stay',
    title: () => 'Meet-and-greet confirmed',
    body: (p) => `With ${p.name ?? 'the other side'} on ${p.at ? formatInstantInIndia(p.at) : 'the chosen day'}, for ${stay(p)}.`,
    link: stayLink,
  },
  meet_reminder: {
    topic: 'stay',
    title: () => 'Meet-and-greet tomorrow',
    body: (p) => `With ${p.name ?? 'the other side'} on ${p.at ? formatInstantInIndia(p.at) : 'the chosen day'}, for ${stay(p)}.`,
    link: stayLink,
  },
  stay_update: {
    topic: 'stay',
    title: (p) => `A new update from ${p.name ?? 'your host'}`,
    body: (p) => `${p.count ? `${p.count} ${p.count === 1 ? 'photo' : 'photos'} from ` : 'News from '}${p.listing_title ?? 'your stay'}.`,
    link: stayLink,
  },
  checked_in: {
    topic: 'stay',
    title: () => 'Your pet has arrived',
    body: (p) => `The host recorded the check-in at ${p.listing_title ?? 'the stay'}.`,
    link: stayLink,
  },
  checked_out: {
    topic: 'stay',
    title: () => 'Your pet has gone home',
    body: (p) => `The host recorded the check-out at ${p.listing_title ?? 'the stay'}.`,
    link: stayLink,
  },
  update_reminder: {
    topic: 'stay',
    title: () => 'No update yet today',
    body: (p) => `${p.name ?? 'Your guest'} would love a photo from ${p.listing_title ?? 'the stay'}.`,
    link: stayLink,
  },
  missed_arrival: {
    topic: 'stay',
    title: () => 'No check-in yet',
    body: (p) => `${stay(p)} has not been checked in. Tell us what happened.`,
    link: stayLink,
  },
  incident_opened: {
    topic: 'problems',
    title: (p) => `${p.name ?? 'Someone'} reported a problem`,
    body: (p) => `On ${stay(p)}. Open it to see what happened.`,
    link: stayLink,
  },
  incident_urgent: {
    topic: 'problems',
    urgent: true,
    title: (p) => `Urgent: ${p.name ?? 'someone'} reported a problem`,
    body: (p) => `On ${stay(p)}. Please open it now.`,
    link: stayLink,
  },
  incident_message: {
    topic: 'problems',
    title: () => 'PawStay wrote about a problem',
    body: (p) => `About ${stay(p)}.`,
    link: stayLink,
  },
  incident_resolved: {
    topic: 'problems',
    title: () => 'A problem was resolved',
    body: (p) => `On ${stay(p)}.${p.role === 'guest' && p.amount_paise ? ' A refund is on its way.' : ''}`,
    link: stayLink,
  },
  payout_paid: {
    topic: 'payouts',
    receipt: true,
    title: () => 'Payout sent',
    body: (p) => `For ${stay(p)}: on its way to your account.`,
    link: () => '/host?tab=payouts',
  },
  payout_held: {
    topic: 'payouts',
    title: () => 'A payout is on hold',
    body: (p) => `For ${stay(p)}. Open Payouts to see why.`,
    link: () => '/host?tab=payouts',
  },
  payout_due_back: {
    topic: 'payouts',
    receipt: true,
    title: () => 'Money due back for a refund',
    body: (p) => `Your share of a refund on ${stay(p)}, decided after your payout.`,
    link: () => '/host?tab=payouts',
  },
  payout_taken_back: {
    topic: 'payouts',
    receipt: true,
    title: () => 'Taken back for a refund',
    body: (p) => `Your share of a refund on ${stay(p)} was taken from your account.`,
    link: () => '/host?tab=payouts',
  },
  verification_decided: {
    topic: 'account',
    title: (p) => (p.approved ? 'You are verified' : 'Your verification was not approved'),
    body: (p) => (p.approved ? 'Your listings now carry the Verified badge.' : 'Open Hosting to read why and try again.'),
    link: () => '/host',
  },
  report_decided: {
    topic: 'account',
    title: () => 'We looked into your report',
    body: (p) => (p.approved ? 'We acted on it. Thank you for telling us.' : 'We found nothing against our rules this time. Thank you for telling us.'),
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
export function noticeText(kind: NoticeKind, params: NoticeParams): { title: string; body: string; link: string } {
  const k: KindInfo = NOTICE_KINDS[kind];
  return { title: k.title(params), body: k.body(params), link: k.link(params) };
}
