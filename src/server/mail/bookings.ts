import { HOST_CANCELLATION_RECORDED } from '../../domain/bookings';
import { formatDateRange, formatInstantInIndia, type IsoDate } from '../../domain/dates';
import { formatPaise } from '../../domain/money/units';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../http/escape-html';
import { button, layout, moneyMail } from './templates';

// Booking e-mails. Everything a user typed (titles, names, notes) is escaped in the HTML and kept
// off the subject's line breaks, so that a listing title cannot inject markup or headers. Those
// that speak of money are marked when made in test mode (`testMode`, templates.ts moneyMail).

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const nightsText = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`;

export type NewRequestMailInput = {
  to: string;
  guestName: string;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  nights: number;
  /** The stay's pets: "Bruno (dog, large)". */
  pets: { name: string; type: string; size: string }[];
  hostPayoutPaise: number;
  note: string;
  publicUrl: string;
  /** Payments run through the test gateway: the payout it quotes is no real money. */
  testMode: boolean;
};

/** To the host: a guest asks for a stay; the link opens the Booking Requests tab. */
export function newBookingRequestMail(input: NewRequestMailInput): MailMessage {
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/host?tab=requests`;
  const pets = input.pets.length > 0 ? input.pets.map((p) => `${p.name} (${p.type}, ${p.size})`).join(', ') : 'their pet';
  const facts: [string, string][] = [
    ['Dates', `${dates} (${nightsText(input.nights)})`],
    [input.pets.length > 1 ? 'Pets' : 'Pet', pets],
    ['Your payout', formatPaise(input.hostPayoutPaise)],
    ...(input.note ? [['Special requests', input.note] as [string, string]] : []),
  ];
  const text = `${input.guestName} would like to stay at ${input.listingTitle}.\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nPlease accept or decline within 24 hours: ${link}\n`;
  const innerHtml = `<p style="margin:0 0 12px">${escapeHtml(input.guestName)} would like to stay at <strong>${escapeHtml(input.listingTitle)}</strong>.</p>
${facts.map(([k, v]) => `<p style="margin:0 0 6px;white-space:pre-wrap"><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`).join('\n')}
<p style="margin:12px 0 0">Please accept or decline within 24 hours; after that the request expires.</p>
${button(link, 'Review the request')}`;
  return moneyMail({ to: input.to, subject: oneLine(`New booking request: ${input.listingTitle}, ${dates}`), title: 'New booking request', text, innerHtml, testMode: input.testMode });
}

export type GuestUpdate = 'accepted' | 'due_soon' | 'declined' | 'expired' | 'lapsed' | 'confirmed' | 'cancelled' | 'cancelled_by_host' | 'refunded';

/** What a guest's e-mail may need beyond the stay: the payment deadline, a refund's amount. */
type UpdateFacts = { totalPaise: number; paymentDueAt?: Date | string; refundPaise?: number };

const refundText = (paise: number | undefined) =>
  paise ? `${formatPaise(paise)} will be refunded to the account you paid from; banks take 5-7 working days.` : 'Under the cancellation policy, no refund is due.';

/** Each step's words, and whether it speaks of money (a payment due or made, a refund): marked in test mode. */
const GUEST_UPDATES: Record<GuestUpdate, { subject: (title: string) => string; heading: string; body: (f: UpdateFacts) => string; money: boolean }> = {
  accepted: {
    money: true,
    subject: (title) => `Accepted: pay to confirm your stay at ${title}`,
    heading: 'The host accepted your request',
    body: (f) =>
      `Good news: the host accepted your booking request. Pay ${formatPaise(f.totalPaise)} by ${formatInstantInIndia(f.paymentDueAt!)} to confirm your stay; unpaid by then, the dates are released.`,
  },
  due_soon: {
    money: true,
    subject: (title) => `Reminder: pay soon to keep your stay at ${title}`,
    heading: 'Your payment is due soon',
    body: (f) => `The host is holding these dates for you. Pay ${formatPaise(f.totalPaise)} by ${formatInstantInIndia(f.paymentDueAt!)} to confirm your stay; unpaid by then, the dates are released.`,
  },
  confirmed: {
    money: true,
    subject: (title) => `Confirmed: your stay at ${title}`,
    heading: 'Your stay is confirmed',
    body: (f) => `We received your payment of ${formatPaise(f.totalPaise)}. Your stay is confirmed.`,
  },
  declined: {
    money: false,
    subject: (title) => `Your request for ${title} was declined`,
    heading: 'Your request was declined',
    body: () => 'The host cannot take your booking this time. Other homes nearby may have these dates free.',
  },
  expired: {
    money: false,
    subject: (title) => `Your request for ${title} has expired`,
    heading: 'Your request has expired',
    body: () => 'The host did not answer in time, so the request has expired and nothing is charged. You are welcome to try other dates or homes.',
  },
  lapsed: {
    money: false,
    subject: (title) => `Not paid in time: your stay at ${title}`,
    heading: 'The payment time is over',
    body: () => 'The stay was not paid within the time allowed, so the dates have been released and nothing is charged. You are welcome to request them again.',
  },
  cancelled: {
    money: true,
    subject: (title) => `Cancelled: your stay at ${title}`,
    heading: 'Your booking is cancelled',
    body: (f) => `You cancelled this booking. ${f.refundPaise === undefined ? 'Nothing was charged.' : refundText(f.refundPaise)}`,
  },
  cancelled_by_host: {
    money: true,
    subject: (title) => `The host cancelled your stay at ${title}`,
    heading: 'The host cancelled your stay',
    body: (f) =>
      `We are sorry: the host had to cancel this stay. ${f.refundPaise === undefined ? 'Nothing was charged.' : `You get everything back: ${refundText(f.refundPaise)}`}`,
  },
  refunded: {
    money: true,
    subject: (title) => `Refund processed: ${title}`,
    heading: 'Your refund is on its way',
    body: (f) => `Your refund of ${formatPaise(f.refundPaise ?? 0)} has been processed. Banks take 5-7 working days to show it.`,
  },
};

/** To the guest: a step of their booking (the host's answer, payment, expiry, cancellation, refund); the link opens the dashboard. */
export function bookingUpdateMail(
  input: {
    to: string;
    update: GuestUpdate;
    listingTitle: string;
    startDate: IsoDate;
    endDate: IsoDate;
    publicUrl: string;
    /** Payments run through the test gateway: a step about money says so. */
    testMode: boolean;
  } & UpdateFacts,
): MailMessage {
  const u = GUEST_UPDATES[input.update];
  const body = u.body(input);
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/dashboard`;
  const text = `${body}\n\n${input.listingTitle}\nDates: ${dates}\nTotal: ${formatPaise(input.totalPaise)}\n\nYour bookings: ${link}\n`;
  const innerHtml = `<p style="margin:0 0 12px">${escapeHtml(body)}</p>
<p style="margin:0 0 6px"><strong>${escapeHtml(input.listingTitle)}</strong></p>
<p style="margin:0 0 6px"><strong>Dates:</strong> ${escapeHtml(dates)}</p>
<p style="margin:0 0 6px"><strong>Total:</strong> ${escapeHtml(formatPaise(input.totalPaise))}</p>
${button(link, input.update === 'accepted' || input.update === 'due_soon' ? 'Pay now' : 'See my bookings')}`;
  return moneyMail({ to: input.to, subject: oneLine(u.subject(input.listingTitle)), title: u.heading, text, innerHtml, testMode: input.testMode && u.money });
}

/**
 * A step of a stay the host is told of: the guest paid, or did not in time; or the host cancelled
 * it (their own record of it, and of what the guest gets back).
 */
export type HostUpdate = 'confirmed' | 'lapsed' | 'cancelled_by_host';

type HostFacts = { guestName: string; listingTitle: string; dates: string; refundPaise?: number };

const HOST_UPDATES: Record<HostUpdate, { subject: string; heading: string; body: (f: HostFacts) => string; money: boolean }> = {
  confirmed: {
    money: true,
    subject: 'Confirmed',
    heading: 'A stay is confirmed',
    body: (f) => `${f.guestName} paid for their stay at ${f.listingTitle} (${f.dates}). The stay is confirmed.`,
  },
  lapsed: {
    money: false,
    subject: 'Not paid in time',
    heading: 'A stay was not paid',
    body: (f) => `${f.guestName} did not pay in time for their stay at ${f.listingTitle} (${f.dates}), so the nights are free again for other guests.`,
  },
  // The host's own record of a cancellation that counts against them (PRODUCT.md section 7),
  // with what the guest gets back: everything they paid, or nothing when nothing was charged.
  cancelled_by_host: {
    money: true,
    subject: 'You cancelled',
    heading: 'You cancelled a stay',
    body: (f) =>
      `You cancelled ${f.guestName}'s stay at ${f.listingTitle} (${f.dates}); the nights are free again for other guests. ${
        f.refundPaise ? `${f.guestName} is refunded ${formatPaise(f.refundPaise)} in full.` : `${f.guestName} had not been charged, so nothing is refunded.`
      } ${HOST_CANCELLATION_RECORDED}.`,
  },
};

/** To the host: a step of a stay at their listing; the link opens the Booking Requests tab. */
export function hostStayMail(input: {
  to: string;
  update: HostUpdate;
  guestName: string;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  /** cancelled_by_host: the guest's refund; undefined when the stay was never paid. */
  refundPaise?: number;
  publicUrl: string;
  /** Payments run through the test gateway: a step about money says so. */
  testMode: boolean;
}): MailMessage {
  const u = HOST_UPDATES[input.update];
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/host?tab=requests`;
  const body = u.body({ ...input, dates });
  return moneyMail({
    to: input.to,
    subject: oneLine(`${u.subject}: ${input.listingTitle}, ${dates}`),
    title: u.heading,
    text: `${body}\n\nYour booking requests: ${link}\n`,
    innerHtml: `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n${button(link, 'See booking requests')}`,
    testMode: input.testMode && u.money,
  });
}

/** To the host: the guest called off a request or an accepted stay; the link opens the requests. */
export function bookingCancelledMail(input: {
  to: string;
  guestName: string;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  wasConfirmed: boolean;
  publicUrl: string;
}): MailMessage {
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/host?tab=requests`;
  const body = input.wasConfirmed
    ? `${input.guestName} cancelled their confirmed stay at ${input.listingTitle} (${dates}). The nights are free again for other guests.`
    : `${input.guestName} cancelled their request to stay at ${input.listingTitle} (${dates}). There is nothing for you to do.`;
  return {
    to: input.to,
    subject: oneLine(`Cancelled: ${input.listingTitle}, ${dates}`),
    text: `${body}\n\nYour booking requests: ${link}\n`,
    html: layout('A booking was cancelled', `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n${button(link, 'See booking requests')}`),
  };
}
