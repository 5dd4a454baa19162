import { formatDateRange, type IsoDate } from '../../domain/dates';
import { listWords } from '../../domain/words';
import type { MailMessage } from './mailer';
import { noticeMail } from './templates';

// The stay's moments, told to the guest (PRODUCT.md section 10). Names and titles are the users'
// own words: noticeMail escapes them in the HTML, and the subject is kept to one line.

type Stay = {
  id: string;
  listing_title: string;
  host_name: string;
  start_date: IsoDate;
  end_date: IsoDate;
  pets: readonly { name: string }[];
};

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** "Bruno", "Bruno and Coco", "Bruno, Coco and Max". */
export const petNames = (pets: readonly { name: string }[]): string => listWords(pets.map((p) => p.name)) || 'Your pet';

export function stayMomentMail(input: { moment: 'arrived' | 'gone_home'; to: string; stay: Stay; publicUrl: string }): MailMessage {
  const { stay } = input;
  const names = petNames(stay.pets);
  const many = stay.pets.length > 1;
  const dates = formatDateRange(stay.start_date, stay.end_date);
  const link = `${input.publicUrl}/stays/${stay.id}`;
  if (input.moment === 'arrived') {
    const title = `${names} ${many ? 'have' : 'has'} arrived`;
    const body = `${stay.host_name} says ${names} ${many ? 'have' : 'has'} arrived at ${stay.listing_title} (${dates}). The stay is under way: updates from the host will appear on the stay's page.`;
    return noticeMail(input.to, oneLine(`${title} at ${stay.listing_title}`), title, body, link, 'Open the stay');
  }
  const title = `${names} ${many ? 'have' : 'has'} gone home`;
  const body = `${stay.host_name} says ${names} ${many ? 'have' : 'has'} gone home from ${stay.listing_title} (${dates}). The stay is complete. Is all well? Say so on the stay's page, or tell us there within 24 hours if something is wrong.`;
  return noticeMail(input.to, oneLine(`${title} from ${stay.listing_title}`), title, body, link, 'Open the stay');
}

/** To the guest: the host posted an update; the words come along, the photos wait on the stay's page. */
export function stayUpdateMail(input: { to: string; stay: Stay; note: string; photos: number; publicUrl: string }): MailMessage {
  const { stay } = input;
  const names = petNames(stay.pets);
  const link = `${input.publicUrl}/stays/${stay.id}`;
  const title = `An update on ${names}`;
  const photos = input.photos === 0 ? '' : input.photos === 1 ? ' with a photo' : ` with ${input.photos} photos`;
  const words = input.note ? `\n\n"${input.note}"` : '';
  const body = `${stay.host_name} posted an update${photos} from ${stay.listing_title}.${words}`;
  return noticeMail(input.to, oneLine(`${title} from ${stay.host_name}`), title, body, link, 'See the update');
}

/** To the host at 8 pm: no update yet today on a stay under way. */
export function updateReminderMail(input: { to: string; hostName: string; guestName: string; petNames: readonly string[]; listingTitle: string; bookingId: string; publicUrl: string }): MailMessage {
  const names = petNames(input.petNames.map((name) => ({ name })));
  const link = `${input.publicUrl}/stays/${input.bookingId}`;
  const title = `How is ${names} today?`;
  const body = `${input.guestName} has not had an update on ${names} today. A photo and a few words take a minute, and mean a lot to someone away from their pet.`;
  return noticeMail(input.to, oneLine(`${title} Post today's update`), title, body, link, "Post today's update");
}

/**
 * To each side, the morning after a check-in day that passed without "Bruno has arrived": what
 * happened? Nothing is refunded or paid out until they answer and our team decides.
 */
export function missedArrivalMail(input: { to: string; toHost: boolean; guestName: string; stay: Stay; publicUrl: string }): MailMessage {
  const { stay } = input;
  const names = petNames(stay.pets);
  const many = stay.pets.length > 1;
  const link = `${input.publicUrl}/stays/${stay.id}`;
  const title = `Did ${names} arrive?`;
  const lead = `${names} ${many ? 'were' : 'was'} not checked in at ${stay.listing_title} on the stay's first day (${formatDateRange(stay.start_date, stay.end_date)}).`;
  const ask = input.toHost
    ? `If ${names} ${many ? 'are' : 'is'} with you, press "${names} ${many ? 'have' : 'has'} arrived" on the stay's page. Either way, tell us what happened there: ${input.guestName} is asked too.`
    : `Tell us what happened on the stay's page: arriving late, did not come, or called off. ${stay.host_name} is asked too.`;
  const body = `${lead} ${ask} Unless you both say ${names} arrived late, our team decides what is refunded and paid, and nothing moves until then.`;
  return noticeMail(input.to, oneLine(`${title} (${stay.listing_title})`), title, body, link, 'Open the stay');
}
