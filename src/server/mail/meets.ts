import { formatMeetTime, type MeetMode } from '../../domain/stays/meet';
import { listWords } from '../../domain/words';
import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

// Meet & greet (PRODUCT.md section 10), told to the side that must act or remember: proposed,
// confirmed, and the evening before. Names and titles are the users' own words: noticeMail
// escapes them in the HTML, and the subject is kept to one line.

type Side = { to: string; link: string };
type Meet = { mode: MeetMode; place: string; listingTitle: string; petNames: readonly string[] };

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const pets = (names: readonly string[]) => listWords([...names]) || 'your pet';
const where = (m: Meet) => (m.mode === 'video' ? 'by video call' : `at ${m.listingTitle}, ${m.place}`);

/** To the other side: times to choose from. */
export function meetProposedMail(input: Side & Meet & { from: string; times: readonly Date[]; note: string }): MailMessage {
  const title = `${input.from} proposes a meet & greet`;
  const times = input.times.map((t) => `- ${formatMeetTime(t)}`).join('\n');
  const note = input.note ? `\n\n"${input.note}"` : '';
  const body = `${input.from} would like to meet ${where(input)} before the stay with ${pets(input.petNames)}. Choose a time that suits you, or propose others:\n\n${times}${note}\n\nA meet costs nothing and commits nobody.`;
  return noticeMail(input.to, oneLine(title), title, body, input.link, 'Choose a time');
}

/** To both sides: the time is set. */
export function meetConfirmedMail(input: Side & Meet & { other: string; at: Date }): MailMessage {
  const title = `Meet & greet with ${input.other}: ${formatMeetTime(input.at)}`;
  const body = `Your meet & greet with ${input.other} is set for ${formatMeetTime(input.at)}, ${where(input)}, before the stay with ${pets(input.petNames)}. We'll remind you the evening before. Afterwards, mark whether you met.`;
  return noticeMail(input.to, oneLine(title), title, body, input.link, 'See the booking');
}

/** To both sides, the evening before. */
export function meetReminderMail(input: Side & Meet & { other: string; at: Date }): MailMessage {
  const title = `Reminder: meet & greet with ${input.other}, ${formatMeetTime(input.at)}`;
  const body = `A reminder: you meet ${input.other} ${formatMeetTime(input.at)}, ${where(input)}. If plans change, send a message from the booking.`;
  return noticeMail(input.to, oneLine(title), title, body, input.link, 'See the booking');
}
