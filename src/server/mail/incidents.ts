import { formatDateRange, type IsoDate } from '../../domain/dates';
import { formatPaise } from '../../domain/money/units';
import { INCIDENT_KIND_NAMES, type IncidentKind } from '../../domain/stays/incidents';
import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

// When something goes wrong on a stay (PRODUCT.md section 10): the other side is told of a report,
// operators are alerted to an urgent one, and both sides read what operators write and decide.
// The words are the users' and operators' own: noticeMail escapes them in the HTML, and the
// subject is kept to one line.

type Stay = { id: string; listing_title: string; start_date: IsoDate; end_date: IsoDate };
type Problem = { kind: IncidentKind; description: string; photos?: readonly unknown[] };

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const stayLink = (publicUrl: string, stay: Stay) => `${publicUrl}/stays/${stay.id}`;
const stayName = (stay: Stay) => `${stay.listing_title}, ${formatDateRange(stay.start_date, stay.end_date)}`;
/** What the report's photos add to its mail: where to see them (never the photos themselves: they stay private). */
const photosLine = (problem: Problem, where: string) => {
  const n = problem.photos?.length ?? 0;
  return n === 0 ? '' : `\n\nSent with it: ${n === 1 ? 'a photo' : `${n} photos`}, on ${where}.`;
};

/** To the side that did not report it. */
export function incidentReportedMail(input: { to: string; reporter: string; stay: Stay; problem: Problem; headline: string | null; publicUrl: string }): MailMessage {
  const kind = INCIDENT_KIND_NAMES[input.problem.kind];
  const title = input.headline ?? `${input.reporter} reported a problem: ${kind}`;
  const body = `${input.reporter} reported a problem on the stay at ${stayName(input.stay)} (${kind}):\n\n"${input.problem.description}"${photosLine(input.problem, "the stay's page")}\n\nOur team has it and will be in touch. The stay's page shows where it stands.`;
  return noticeMail(input.to, oneLine(`${title} (${input.stay.listing_title})`), title, body, stayLink(input.publicUrl, input.stay), 'Open the stay');
}

/** To each operator, for an urgent problem: it waits at the top of the console's queue. */
export function incidentAlertMail(input: { to: string; incidentId: string; reporter: string; stay: Stay; problem: Problem; headline: string; publicUrl: string }): MailMessage {
  const title = `Urgent: ${input.headline}`;
  const body = `${input.reporter} reported an urgent problem (${INCIDENT_KIND_NAMES[input.problem.kind]}) on the stay at ${stayName(input.stay)}:\n\n"${input.problem.description}"${photosLine(input.problem, 'the incident')}\n\nThe pet's vet and emergency contact are on the incident. Contact both sides now.`;
  return noticeMail(input.to, oneLine(title), title, body, `${input.publicUrl}/ops?tab=incidents&incident=${input.incidentId}`, 'Open the incident');
}

/** To each side: an operator's message about the problem. */
export function incidentMessageMail(input: { to: string; stay: Stay; message: string; publicUrl: string }): MailMessage {
  const title = 'A message from PawStay about your stay';
  const body = `About the problem reported on the stay at ${stayName(input.stay)}:\n\n"${input.message}"\n\nReply to this e-mail to answer our team.`;
  return noticeMail(input.to, oneLine(`${title} (${input.stay.listing_title})`), title, body, stayLink(input.publicUrl, input.stay), 'Open the stay');
}

/** To each side: what was decided, and the refund, if any. */
export function incidentResolvedMail(input: {
  to: string;
  stay: Stay;
  resolution: string;
  refundPaise: number;
  refundPercent: number;
  side: 'guest' | 'host';
  /** The host's payout for the stay was paid already: their share of the refund is taken back from it (decision 055). */
  fromPaidPayout: boolean;
  publicUrl: string;
}): MailMessage {
  const title = 'The problem on your stay is resolved';
  const refund =
    input.refundPaise > 0
      ? input.side === 'guest'
        ? `\n\n${formatPaise(input.refundPaise)} (${input.refundPercent}% of the stay) will be refunded to the account you paid from; banks take 5-7 working days.`
        : `\n\n${input.refundPercent}% of the stay (${formatPaise(input.refundPaise)}) is refunded to the guest, and ${
            input.fromPaidPayout ? 'your share of it is taken back from the payout you were paid for the stay: we will e-mail you the amount' : 'your payout for it is lowered to match'
          }.`
      : '';
  const body = `The problem reported on the stay at ${stayName(input.stay)} is resolved:\n\n"${input.resolution}"${refund}`;
  return noticeMail(input.to, oneLine(`${title} (${input.stay.listing_title})`), title, body, stayLink(input.publicUrl, input.stay), 'Open the stay');
}
