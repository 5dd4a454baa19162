import { formatMeetTimeIn, type MeetMode } from '../../domain/stays/meet';
import { noticeMail } from './templates';
import { type LocalMail, type MailWords, mailWords, oneLine } from './words';

// Meet & greet (PRODUCT.md section 10), told to the side that must act or remember: proposed,
// confirmed, and the evening before; in their recipient's language (words.ts). Names and titles
// are the users' own words: noticeMail escapes them in the HTML, and the subject is kept to one
// line. A meet at the home and one by video call are told in sentences of their own.

type Side = { to: string; link: string };
type Meet = { mode: MeetMode; place: string; listingTitle: string; petNames: readonly string[] };

const pets = (w: MailWords, names: readonly string[]) => w.list(names) || w.say(/*i18n*/ 'your pet');

/** What a meet's sentences are filled with. */
const factsOf = (w: MailWords, m: Meet) => ({ listing: m.listingTitle, place: m.place, pets: pets(w, m.petNames) });

/** To the other side: times to choose from. */
export const meetProposedMail =
  (input: Side & Meet & { from: string; times: readonly Date[]; note: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { ...factsOf(w, input), from: input.from };
    const title = w.say(/*i18n*/ '{from} proposes a meet & greet', facts);
    const asks =
      input.mode === 'video'
        ? w.say(/*i18n*/ '{from} would like to meet by video call before the stay with {pets}. Choose a time that suits you, or propose others:', facts)
        : w.say(/*i18n*/ '{from} would like to meet at {listing}, {place} before the stay with {pets}. Choose a time that suits you, or propose others:', facts);
    const times = input.times.map((t) => `- ${formatMeetTimeIn(t, w.locale)}`).join('\n');
    const note = input.note ? `\n\n"${input.note}"` : '';
    const body = `${asks}\n\n${times}${note}\n\n${w.say(/*i18n*/ 'A meet costs nothing and commits nobody.')}`;
    return noticeMail(w, input.to, oneLine(title), title, body, input.link, w.say(/*i18n*/ 'Choose a time'));
  };

/** To both sides: the time is set. */
export const meetConfirmedMail =
  (input: Side & Meet & { other: string; at: Date }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { ...factsOf(w, input), other: input.other, time: formatMeetTimeIn(input.at, w.locale) };
    const title = w.say(/*i18n*/ 'Meet & greet with {other}: {time}', facts);
    const body =
      input.mode === 'video'
        ? w.say(/*i18n*/ "Your meet & greet with {other} is set for {time}, by video call, before the stay with {pets}. We'll remind you the evening before. Afterwards, mark whether you met.", facts)
        : w.say(
            /*i18n*/ "Your meet & greet with {other} is set for {time}, at {listing}, {place}, before the stay with {pets}. We'll remind you the evening before. Afterwards, mark whether you met.",
            facts,
          );
    return noticeMail(w, input.to, oneLine(title), title, body, input.link, w.say(/*i18n*/ 'See the booking'));
  };

/** To both sides, the evening before. */
export const meetReminderMail =
  (input: Side & Meet & { other: string; at: Date }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { ...factsOf(w, input), other: input.other, time: formatMeetTimeIn(input.at, w.locale) };
    const title = w.say(/*i18n*/ 'Reminder: meet & greet with {other}, {time}', facts);
    const body =
      input.mode === 'video'
        ? w.say(/*i18n*/ 'A reminder: you meet {other} {time}, by video call. If plans change, send a message from the booking.', facts)
        : w.say(/*i18n*/ 'A reminder: you meet {other} {time}, at {listing}, {place}. If plans change, send a message from the booking.', facts);
    return noticeMail(w, input.to, oneLine(title), title, body, input.link, w.say(/*i18n*/ 'See the booking'));
  };
