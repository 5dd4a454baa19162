import { HOST_CANCELLATION_RECORDED } from '../../domain/bookings';
import type { IsoDate } from '../../domain/dates';
import { formatPaise } from '../../domain/money/units';
import type { StaySize } from '../../domain/pet-sizes';
import type { PetType } from '../../domain/pet-types';
import { escapeHtml } from '../http/escape-html';
import { button, layout, moneyMail } from './templates';
import { type LocalMail, type MailWords, mailWords, oneLine } from './words';

// Booking e-mails, in their recipient's language (words.ts). Everything a user typed (titles,
// names, notes) is escaped in the HTML and kept off the subject's line breaks, so that a listing
// title cannot inject markup or headers. Those that speak of money are marked when made in test
// mode (`testMode`, templates.ts moneyMail).

const nights = (w: MailWords, n: number) => w.say(/*i18n*/ '{n, plural, one {# night} other {# nights}}', { n });

/** A pet in a request, as a host reads it: "Bruno (dog, small (under 10kg))". */
const PET_KINDS: Record<PetType, string> = { dog: /*i18n*/ 'dog', cat: /*i18n*/ 'cat' };
const PET_SIZES: Record<StaySize, string> = { small: /*i18n*/ 'small (under 10kg)', medium: /*i18n*/ 'medium (10-25kg)', large: /*i18n*/ 'large (over 25kg)' };

export type NewRequestMailInput = {
  to: string;
  guestName: string;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  nights: number;
  /** The stay's pets. */
  pets: { name: string; type: PetType; size: StaySize }[];
  hostPayoutPaise: number;
  note: string;
  publicUrl: string;
  /** Payments run through the test gateway: the payout it quotes is no real money. */
  testMode: boolean;
};

/** To the host: a guest asks for a stay; the link opens the Booking Requests tab. */
export const newBookingRequestMail =
  (input: NewRequestMailInput): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const dates = w.dates(input.startDate, input.endDate);
    const link = `${input.publicUrl}/host?tab=requests`;
    const pets =
      input.pets.length > 0
        ? input.pets.map((p) => w.say(/*i18n*/ '{name} ({kind}, {size})', { name: p.name, kind: w.say(PET_KINDS[p.type]), size: w.say(PET_SIZES[p.size]) })).join(', ')
        : w.say(/*i18n*/ 'their pet');
    const facts: [string, string][] = [
      [w.say(/*i18n*/ 'Dates:'), w.say(/*i18n*/ '{dates} ({nights})', { dates, nights: nights(w, input.nights) })],
      [input.pets.length > 1 ? w.say(/*i18n*/ 'Pets:') : w.say(/*i18n*/ 'Pet:'), pets],
      [w.say(/*i18n*/ 'Your payout:'), formatPaise(input.hostPayoutPaise)],
      ...(input.note ? [[w.say(/*i18n*/ 'Special requests:'), input.note] as [string, string]] : []),
    ];
    const asks = w.say(/*i18n*/ '{guest} would like to stay at {listing}.', { guest: input.guestName, listing: input.listingTitle });
    const asksHtml = w.say(/*i18n*/ '{guest} would like to stay at {listing}.', { guest: escapeHtml(input.guestName), listing: `<strong>${escapeHtml(input.listingTitle)}</strong>` });
    const text = `${asks}\n\n${facts.map(([k, v]) => `${k} ${v}`).join('\n')}\n\n${w.say(/*i18n*/ 'Please accept or decline within 24 hours: {link}', { link })}\n`;
    const innerHtml = `<p style="margin:0 0 12px">${asksHtml}</p>
${facts.map(([k, v]) => `<p style="margin:0 0 6px;white-space:pre-wrap"><strong>${escapeHtml(k)}</strong> ${escapeHtml(v)}</p>`).join('\n')}
<p style="margin:12px 0 0">${escapeHtml(w.say(/*i18n*/ 'Please accept or decline within 24 hours; after that the request expires.'))}</p>
${button(link, w.say(/*i18n*/ 'Review the request'))}`;
    return moneyMail(w, {
      to: input.to,
      subject: oneLine(w.say(/*i18n*/ 'New booking request: {listing}, {dates}', { listing: input.listingTitle, dates })),
      title: w.say(/*i18n*/ 'New booking request'),
      text,
      innerHtml,
      testMode: input.testMode,
    });
  };

export type GuestUpdate = 'accepted' | 'due_soon' | 'declined' | 'expired' | 'lapsed' | 'confirmed' | 'cancelled' | 'cancelled_by_host' | 'refunded';

/** What a guest's e-mail may need beyond the stay: the payment deadline, a refund's amount. */
type UpdateFacts = { totalPaise: number; paymentDueAt?: Date | string; refundPaise?: number };

const refundText = (w: MailWords, paise: number | undefined) =>
  paise
    ? w.say(/*i18n*/ '{amount} will be refunded to the account you paid from; banks take 5-7 working days.', { amount: formatPaise(paise) })
    : w.say(/*i18n*/ 'Under the cancellation policy, no refund is due.');

/** Each step's words, and whether it speaks of money (a payment due or made, a refund): marked in test mode. */
const GUEST_UPDATES: Record<GuestUpdate, { subject: (w: MailWords, title: string) => string; heading: (w: MailWords) => string; body: (w: MailWords, f: UpdateFacts) => string; money: boolean }> = {
  accepted: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'Accepted: pay to confirm your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'The host accepted your request'),
    body: (w, f) =>
      w.say(/*i18n*/ 'Good news: the host accepted your booking request. Pay {total} by {deadline} to confirm your stay; unpaid by then, the dates are released.', {
        total: formatPaise(f.totalPaise),
        deadline: w.instant(f.paymentDueAt!),
      }),
  },
  due_soon: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'Reminder: pay soon to keep your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your payment is due soon'),
    body: (w, f) =>
      w.say(/*i18n*/ 'The host is holding these dates for you. Pay {total} by {deadline} to confirm your stay; unpaid by then, the dates are released.', {
        total: formatPaise(f.totalPaise),
        deadline: w.instant(f.paymentDueAt!),
      }),
  },
  confirmed: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'Confirmed: your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your stay is confirmed'),
    body: (w, f) => w.say(/*i18n*/ 'We received your payment of {total}. Your stay is confirmed.', { total: formatPaise(f.totalPaise) }),
  },
  declined: {
    money: false,
    subject: (w, title) => w.say(/*i18n*/ 'Your request for {title} was declined', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your request was declined'),
    body: (w) => w.say(/*i18n*/ 'The host cannot take your booking this time. Other homes nearby may have these dates free.'),
  },
  expired: {
    money: false,
    subject: (w, title) => w.say(/*i18n*/ 'Your request for {title} has expired', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your request has expired'),
    body: (w) => w.say(/*i18n*/ 'The host did not answer in time, so the request has expired and nothing is charged. You are welcome to try other dates or homes.'),
  },
  lapsed: {
    money: false,
    subject: (w, title) => w.say(/*i18n*/ 'Not paid in time: your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'The payment time is over'),
    body: (w) => w.say(/*i18n*/ 'The stay was not paid within the time allowed, so the dates have been released and nothing is charged. You are welcome to request them again.'),
  },
  cancelled: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'Cancelled: your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your booking is cancelled'),
    body: (w, f) =>
      f.refundPaise === undefined
        ? w.say(/*i18n*/ 'You cancelled this booking. Nothing was charged.')
        : w.say(/*i18n*/ 'You cancelled this booking. {refund}', { refund: refundText(w, f.refundPaise) }),
  },
  cancelled_by_host: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'The host cancelled your stay at {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'The host cancelled your stay'),
    body: (w, f) =>
      f.refundPaise === undefined
        ? w.say(/*i18n*/ 'We are sorry: the host had to cancel this stay. Nothing was charged.')
        : w.say(/*i18n*/ 'We are sorry: the host had to cancel this stay. You get everything back: {refund}', { refund: refundText(w, f.refundPaise) }),
  },
  refunded: {
    money: true,
    subject: (w, title) => w.say(/*i18n*/ 'Refund processed: {title}', { title }),
    heading: (w) => w.say(/*i18n*/ 'Your refund is on its way'),
    body: (w, f) => w.say(/*i18n*/ 'Your refund of {amount} has been processed. Banks take 5-7 working days to show it.', { amount: formatPaise(f.refundPaise ?? 0) }),
  },
};

/** To the guest: a step of their booking (the host's answer, payment, expiry, cancellation, refund); the link opens the dashboard. */
export const bookingUpdateMail =
  (
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
  ): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const u = GUEST_UPDATES[input.update];
    const body = u.body(w, input);
    const dates = w.dates(input.startDate, input.endDate);
    const total = formatPaise(input.totalPaise);
    const link = `${input.publicUrl}/dashboard`;
    const [datesLabel, totalLabel] = [w.say(/*i18n*/ 'Dates:'), w.say(/*i18n*/ 'Total:')];
    const text = `${body}\n\n${input.listingTitle}\n${datesLabel} ${dates}\n${totalLabel} ${total}\n\n${w.say(/*i18n*/ 'Your bookings: {link}', { link })}\n`;
    const innerHtml = `<p style="margin:0 0 12px">${escapeHtml(body)}</p>
<p style="margin:0 0 6px"><strong>${escapeHtml(input.listingTitle)}</strong></p>
<p style="margin:0 0 6px"><strong>${escapeHtml(datesLabel)}</strong> ${escapeHtml(dates)}</p>
<p style="margin:0 0 6px"><strong>${escapeHtml(totalLabel)}</strong> ${escapeHtml(total)}</p>
${button(link, input.update === 'accepted' || input.update === 'due_soon' ? w.say(/*i18n*/ 'Pay now') : w.say(/*i18n*/ 'See my bookings'))}`;
    return moneyMail(w, { to: input.to, subject: oneLine(u.subject(w, input.listingTitle)), title: u.heading(w), text, innerHtml, testMode: input.testMode && u.money });
  };

/**
 * A step of a stay the host is told of: the guest paid, or did not in time; or the host cancelled
 * it (their own record of it, and of what the guest gets back).
 */
export type HostUpdate = 'confirmed' | 'lapsed' | 'cancelled_by_host';

type HostFacts = { guest: string; listing: string; dates: string; refundPaise?: number };

const HOST_UPDATES: Record<HostUpdate, { subject: (w: MailWords, about: string) => string; heading: (w: MailWords) => string; body: (w: MailWords, f: HostFacts) => string; money: boolean }> = {
  confirmed: {
    money: true,
    subject: (w, about) => w.say(/*i18n*/ 'Confirmed: {about}', { about }),
    heading: (w) => w.say(/*i18n*/ 'A stay is confirmed'),
    body: (w, f) => w.say(/*i18n*/ '{guest} paid for their stay at {listing} ({dates}). The stay is confirmed.', f),
  },
  lapsed: {
    money: false,
    subject: (w, about) => w.say(/*i18n*/ 'Not paid in time: {about}', { about }),
    heading: (w) => w.say(/*i18n*/ 'A stay was not paid'),
    body: (w, f) => w.say(/*i18n*/ '{guest} did not pay in time for their stay at {listing} ({dates}), so the nights are free again for other guests.', f),
  },
  // The host's own record of a cancellation that counts against them (PRODUCT.md section 7),
  // with what the guest gets back: everything they paid, or nothing when nothing was charged.
  cancelled_by_host: {
    money: true,
    subject: (w, about) => w.say(/*i18n*/ 'You cancelled: {about}', { about }),
    heading: (w) => w.say(/*i18n*/ 'You cancelled a stay'),
    body: (w, f) =>
      [
        w.say(/*i18n*/ "You cancelled {guest}'s stay at {listing} ({dates}); the nights are free again for other guests.", f),
        f.refundPaise
          ? w.say(/*i18n*/ '{guest} is refunded {amount} in full.', { guest: f.guest, amount: formatPaise(f.refundPaise) })
          : w.say(/*i18n*/ '{guest} had not been charged, so nothing is refunded.', { guest: f.guest }),
        `${w.say(HOST_CANCELLATION_RECORDED)}.`,
      ].join(' '),
  },
};

/** To the host: a step of a stay at their listing; the link opens the Booking Requests tab. */
export const hostStayMail =
  (input: {
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
  }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const u = HOST_UPDATES[input.update];
    const dates = w.dates(input.startDate, input.endDate);
    const link = `${input.publicUrl}/host?tab=requests`;
    const body = u.body(w, { guest: input.guestName, listing: input.listingTitle, dates, ...(input.refundPaise !== undefined && { refundPaise: input.refundPaise }) });
    return moneyMail(w, {
      to: input.to,
      subject: oneLine(u.subject(w, w.say(/*i18n*/ '{listing}, {dates}', { listing: input.listingTitle, dates }))),
      title: u.heading(w),
      text: `${body}\n\n${w.say(/*i18n*/ 'Your booking requests: {link}', { link })}\n`,
      innerHtml: `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n${button(link, w.say(/*i18n*/ 'See booking requests'))}`,
      testMode: input.testMode && u.money,
    });
  };

/** To the host: the guest called off a request or an accepted stay; the link opens the requests. */
export const bookingCancelledMail =
  (input: { to: string; guestName: string; listingTitle: string; startDate: IsoDate; endDate: IsoDate; wasConfirmed: boolean; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const dates = w.dates(input.startDate, input.endDate);
    const link = `${input.publicUrl}/host?tab=requests`;
    const facts = { guest: input.guestName, listing: input.listingTitle, dates };
    const body = input.wasConfirmed
      ? w.say(/*i18n*/ '{guest} cancelled their confirmed stay at {listing} ({dates}). The nights are free again for other guests.', facts)
      : w.say(/*i18n*/ '{guest} cancelled their request to stay at {listing} ({dates}). There is nothing for you to do.', facts);
    return {
      to: input.to,
      subject: oneLine(w.say(/*i18n*/ 'Cancelled: {about}', { about: w.say(/*i18n*/ '{listing}, {dates}', { listing: input.listingTitle, dates }) })),
      text: `${body}\n\n${w.say(/*i18n*/ 'Your booking requests: {link}', { link })}\n`,
      html: layout(w.say(/*i18n*/ 'A booking was cancelled'), `<p style="margin:0 0 12px">${escapeHtml(body)}</p>\n${button(link, w.say(/*i18n*/ 'See booking requests'))}`, w),
    };
  };
