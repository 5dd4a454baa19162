import type { IsoDate } from '../../domain/dates';
import { formatPaise } from '../../domain/money/units';
import { INCIDENT_KIND_NAMES, type IncidentKind, urgentHeadline } from '../../domain/stays/incidents';
import { noticeMail } from './templates';
import { type LocalMail, type MailWords, mailWords, oneLine } from './words';

// When something goes wrong on a stay (PRODUCT.md section 10): the other side is told of a report,
// operators are alerted to an urgent one, and both sides read what operators write and decide;
// each side in their language (words.ts), operators in English (the caller writes theirs in 'en').
// The words are the users' and operators' own: noticeMail escapes them in the HTML, and the
// subject is kept to one line.

type Stay = { id: string; listing_title: string; start_date: IsoDate; end_date: IsoDate; pets: readonly { name: string }[] };
type Problem = { kind: IncidentKind; description: string; photos?: readonly unknown[] };

const stayLink = (publicUrl: string, stay: Stay) => `${publicUrl}/stays/${stay.id}`;
/** What every sentence about the stay is filled with: its listing and dates. */
const stayFacts = (w: MailWords, stay: Stay) => ({ listing: stay.listing_title, dates: w.dates(stay.start_date, stay.end_date) });

/** What the report's photos add to the side's mail: where to see them (never the photos themselves: they stay private). */
const photosOnStay = (w: MailWords, problem: Problem) => {
  const count = problem.photos?.length ?? 0;
  if (count === 0) return '';
  return `\n\n${count === 1 ? w.say(/*i18n*/ "Sent with it: a photo, on the stay's page.") : w.say(/*i18n*/ "Sent with it: {count} photos, on the stay's page.", { count })}`;
};

/** The same, in the operators' alert. */
const photosOnIncident = (w: MailWords, problem: Problem) => {
  const count = problem.photos?.length ?? 0;
  if (count === 0) return '';
  return `\n\n${count === 1 ? w.say(/*i18n*/ 'Sent with it: a photo, on the incident.') : w.say(/*i18n*/ 'Sent with it: {count} photos, on the incident.', { count })}`;
};

/** To the side that did not report it. */
export const incidentReportedMail =
  (input: { to: string; reporter: string; stay: Stay; problem: Problem; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { ...stayFacts(w, input.stay), reporter: input.reporter, kind: w.say(INCIDENT_KIND_NAMES[input.problem.kind]) };
    const title = urgentHeadline(input.problem.kind, input.stay.pets.map((p) => p.name), w) ?? w.say(/*i18n*/ '{reporter} reported a problem: {kind}', facts);
    const body = [
      w.say(/*i18n*/ '{reporter} reported a problem on the stay at {listing}, {dates} ({kind}):', facts),
      `\n\n"${input.problem.description}"${photosOnStay(w, input.problem)}\n\n`,
      w.say(/*i18n*/ "Our team has it and will be in touch. The stay's page shows where it stands."),
    ].join('');
    const subject = w.say(/*i18n*/ '{title} ({listing})', { title, listing: input.stay.listing_title });
    return noticeMail(w, input.to, oneLine(subject), title, body, stayLink(input.publicUrl, input.stay), w.say(/*i18n*/ 'Open the stay'));
  };

/** To each operator, for an urgent problem: it waits at the top of the console's queue. */
export const incidentAlertMail =
  (input: { to: string; incidentId: string; reporter: string; stay: Stay; problem: Problem; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { ...stayFacts(w, input.stay), reporter: input.reporter, kind: w.say(INCIDENT_KIND_NAMES[input.problem.kind]) };
    const title = w.say(/*i18n*/ 'Urgent: {headline}', { headline: urgentHeadline(input.problem.kind, input.stay.pets.map((p) => p.name), w) ?? facts.kind });
    const body = [
      w.say(/*i18n*/ '{reporter} reported an urgent problem ({kind}) on the stay at {listing}, {dates}:', facts),
      `\n\n"${input.problem.description}"${photosOnIncident(w, input.problem)}\n\n`,
      w.say(/*i18n*/ "The pet's vet and emergency contact are on the incident. Contact both sides now."),
    ].join('');
    return noticeMail(w, input.to, oneLine(title), title, body, `${input.publicUrl}/ops?tab=incidents&incident=${input.incidentId}`, w.say(/*i18n*/ 'Open the incident'));
  };

/** To each side: an operator's message about the problem. */
export const incidentMessageMail =
  (input: { to: string; stay: Stay; message: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = stayFacts(w, input.stay);
    const title = w.say(/*i18n*/ 'A message from PawStay about your stay');
    const body = [
      w.say(/*i18n*/ 'About the problem reported on the stay at {listing}, {dates}:', facts),
      `\n\n"${input.message}"\n\n`,
      w.say(/*i18n*/ 'Reply to this e-mail to answer our team.'),
    ].join('');
    const subject = w.say(/*i18n*/ 'A message from PawStay about your stay ({listing})', facts);
    return noticeMail(w, input.to, oneLine(subject), title, body, stayLink(input.publicUrl, input.stay), w.say(/*i18n*/ 'Open the stay'));
  };

/** To each side: what was decided, and the refund, if any. */
export const incidentResolvedMail =
  (input: {
    to: string;
    stay: Stay;
    resolution: string;
    refundPaise: number;
    refundPercent: number;
    side: 'guest' | 'host';
    /** The host's payout for the stay was paid already: their share of the refund is taken back from it (decision 055). */
    fromPaidPayout: boolean;
    publicUrl: string;
  }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = stayFacts(w, input.stay);
    const title = w.say(/*i18n*/ 'The problem on your stay is resolved');
    const money = { amount: formatPaise(input.refundPaise), percent: input.refundPercent };
    const refund =
      input.refundPaise > 0
        ? `\n\n${
            input.side === 'guest'
              ? w.say(/*i18n*/ '{amount} ({percent}% of the stay) will be refunded to the account you paid from; banks take 5-7 working days.', money)
              : input.fromPaidPayout
                ? w.say(
                    /*i18n*/ '{percent}% of the stay ({amount}) is refunded to the guest, and your share of it is taken back from the payout you were paid for the stay: we will e-mail you the amount.',
                    money,
                  )
                : w.say(/*i18n*/ '{percent}% of the stay ({amount}) is refunded to the guest, and your payout for it is lowered to match.', money)
          }`
        : '';
    const body = `${w.say(/*i18n*/ 'The problem reported on the stay at {listing}, {dates} is resolved:', facts)}\n\n"${input.resolution}"${refund}`;
    const subject = w.say(/*i18n*/ 'The problem on your stay is resolved ({listing})', facts);
    return noticeMail(w, input.to, oneLine(subject), title, body, stayLink(input.publicUrl, input.stay), w.say(/*i18n*/ 'Open the stay'));
  };
