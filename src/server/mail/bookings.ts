import { formatDateRange, type IsoDate } from '../../domain/dates';
import { formatInr } from '../../domain/money';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../http/escape-html';
import { layout } from './templates';

// Booking e-mails. Everything a user typed (titles, names, notes) is escaped in the HTML and kept
// off the subject's line breaks, so that a listing title cannot inject markup or headers.

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const nightsText = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`;
const button = (href: string, label: string) =>
  `<p style="margin:20px 0 0"><a href="${escapeHtml(href)}" style="background:#c2410c;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

export type NewRequestMailInput = {
  to: string;
  guestName: string;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  nights: number;
  pet: { name: string; type: string; size: string } | null;
  hostPayoutInr: number;
  note: string;
  publicUrl: string;
};

/** To the host: a guest asks for a stay; the link opens the Booking Requests tab. */
export function newBookingRequestMail(input: NewRequestMailInput): MailMessage {
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/host?tab=requests`;
  const pet = input.pet ? `${input.pet.name} (${input.pet.type}, ${input.pet.size})` : 'their pet';
  const facts: [string, string][] = [
    ['Dates', `${dates} (${nightsText(input.nights)})`],
    ['Pet', pet],
    ['Your payout', formatInr(input.hostPayoutInr)],
    ...(input.note ? [['Special requests', input.note] as [string, string]] : []),
  ];
  const text = `${input.guestName} would like to stay at ${input.listingTitle}.\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nPlease accept or decline within 24 hours: ${link}\n`;
  const html = layout(
    'New booking request',
    `<p style="margin:0 0 12px">${escapeHtml(input.guestName)} would like to stay at <strong>${escapeHtml(input.listingTitle)}</strong>.</p>
${facts.map(([k, v]) => `<p style="margin:0 0 6px;white-space:pre-wrap"><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`).join('\n')}
<p style="margin:12px 0 0">Please accept or decline within 24 hours; after that the request expires.</p>
${button(link, 'Review the request')}`,
  );
  return { to: input.to, subject: oneLine(`New booking request: ${input.listingTitle}, ${dates}`), text, html };
}

export type GuestUpdate = 'accepted' | 'declined' | 'expired';

const GUEST_UPDATES: Record<GuestUpdate, { subject: (title: string) => string; heading: string; body: string }> = {
  accepted: {
    subject: (title) => `Confirmed: your stay at ${title}`,
    heading: 'Your stay is confirmed',
    body: 'Good news: the host accepted your booking request.',
  },
  declined: {
    subject: (title) => `Your request for ${title} was declined`,
    heading: 'Your request was declined',
    body: 'The host cannot take your booking this time. Other homes nearby may have these dates free.',
  },
  expired: {
    subject: (title) => `Your request for ${title} has expired`,
    heading: 'Your request has expired',
    body: 'The host did not answer in time, so the request has expired and nothing is charged. You are welcome to try other dates or homes.',
  },
};

/** To the guest: the host's answer, or the request's expiry; the link opens the dashboard. */
export function bookingUpdateMail(input: {
  to: string;
  update: GuestUpdate;
  listingTitle: string;
  startDate: IsoDate;
  endDate: IsoDate;
  totalInr: number;
  publicUrl: string;
}): MailMessage {
  const u = GUEST_UPDATES[input.update];
  const dates = formatDateRange(input.startDate, input.endDate);
  const link = `${input.publicUrl}/dashboard`;
  const text = `${u.body}\n\n${input.listingTitle}\nDates: ${dates}\nTotal: ${formatInr(input.totalInr)}\n\nYour bookings: ${link}\n`;
  const html = layout(
    u.heading,
    `<p style="margin:0 0 12px">${escapeHtml(u.body)}</p>
<p style="margin:0 0 6px"><strong>${escapeHtml(input.listingTitle)}</strong></p>
<p style="margin:0 0 6px"><strong>Dates:</strong> ${escapeHtml(dates)}</p>
<p style="margin:0 0 6px"><strong>Total:</strong> ${escapeHtml(formatInr(input.totalInr))}</p>
${button(link, 'See my bookings')}`,
  );
  return { to: input.to, subject: oneLine(u.subject(input.listingTitle)), text, html };
}

/** To the host: the guest called off a request or a confirmed stay; the link opens the requests. */
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
