import type { IsoDate } from '../../domain/dates';
import { noticeMail } from './templates';
import { type LocalMail, type MailWords, mailWords, oneLine } from './words';

// The stay's moments, told to the guest (PRODUCT.md section 10), in their recipient's language
// (words.ts). Names and titles are the users' own words: noticeMail escapes them in the HTML, and
// the subject is kept to one line. Where the English says "has" of one pet and "have" of several,
// each is a message of its own: a translator writes every sentence whole.

type Stay = {
  id: string;
  listing_title: string;
  host_name: string;
  start_date: IsoDate;
  end_date: IsoDate;
  pets: readonly { name: string }[];
};

/** "Bruno", "Bruno and Coco", "Bruno, Coco and Max"; "Bruno અને Coco". */
export const petNames = (w: MailWords, pets: readonly { name: string }[]): string => w.list(pets.map((p) => p.name)) || w.say(/*i18n*/ 'Your pet');

export const stayMomentMail =
  (input: { moment: 'arrived' | 'gone_home'; to: string; stay: Stay; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const { stay } = input;
    const many = stay.pets.length > 1;
    const facts = { names: petNames(w, stay.pets), host: stay.host_name, listing: stay.listing_title, dates: w.dates(stay.start_date, stay.end_date) };
    const link = `${input.publicUrl}/stays/${stay.id}`;
    if (input.moment === 'arrived') {
      const title = many ? w.say(/*i18n*/ '{names} have arrived', facts) : w.say(/*i18n*/ '{names} has arrived', facts);
      const subject = many ? w.say(/*i18n*/ '{names} have arrived at {listing}', facts) : w.say(/*i18n*/ '{names} has arrived at {listing}', facts);
      const body = many
        ? w.say(/*i18n*/ "{host} says {names} have arrived at {listing} ({dates}). The stay is under way: updates from the host will appear on the stay's page.", facts)
        : w.say(/*i18n*/ "{host} says {names} has arrived at {listing} ({dates}). The stay is under way: updates from the host will appear on the stay's page.", facts);
      return noticeMail(w, input.to, oneLine(subject), title, body, link, w.say(/*i18n*/ 'Open the stay'));
    }
    const title = many ? w.say(/*i18n*/ '{names} have gone home', facts) : w.say(/*i18n*/ '{names} has gone home', facts);
    const subject = many ? w.say(/*i18n*/ '{names} have gone home from {listing}', facts) : w.say(/*i18n*/ '{names} has gone home from {listing}', facts);
    const body = many
      ? w.say(
          /*i18n*/ "{host} says {names} have gone home from {listing} ({dates}). The stay is complete. Is all well? Say so on the stay's page, or tell us there within 24 hours if something is wrong.",
          facts,
        )
      : w.say(
          /*i18n*/ "{host} says {names} has gone home from {listing} ({dates}). The stay is complete. Is all well? Say so on the stay's page, or tell us there within 24 hours if something is wrong.",
          facts,
        );
    return noticeMail(w, input.to, oneLine(subject), title, body, link, w.say(/*i18n*/ 'Open the stay'));
  };

/** To the guest: the host posted an update; the words come along, the photos wait on the stay's page. */
export const stayUpdateMail =
  (input: { to: string; stay: Stay; note: string; photos: number; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const { stay } = input;
    const facts = { names: petNames(w, stay.pets), host: stay.host_name, listing: stay.listing_title, count: input.photos };
    const link = `${input.publicUrl}/stays/${stay.id}`;
    const title = w.say(/*i18n*/ 'An update on {names}', facts);
    const posted =
      input.photos === 0
        ? w.say(/*i18n*/ '{host} posted an update from {listing}.', facts)
        : input.photos === 1
          ? w.say(/*i18n*/ '{host} posted an update with a photo from {listing}.', facts)
          : w.say(/*i18n*/ '{host} posted an update with {count} photos from {listing}.', facts);
    const words = input.note ? `\n\n"${input.note}"` : '';
    return noticeMail(w, input.to, oneLine(w.say(/*i18n*/ 'An update on {names} from {host}', facts)), title, `${posted}${words}`, link, w.say(/*i18n*/ 'See the update'));
  };

/** To the host at 8 pm: no update yet today on a stay under way. */
export const updateReminderMail =
  (input: { to: string; hostName: string; guestName: string; petNames: readonly string[]; listingTitle: string; bookingId: string; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const facts = { names: petNames(w, input.petNames.map((name) => ({ name }))), guest: input.guestName };
    const link = `${input.publicUrl}/stays/${input.bookingId}`;
    const title = w.say(/*i18n*/ 'How is {names} today?', facts);
    const body = w.say(
      /*i18n*/ '{guest} has not had an update on {names} today. A photo and a few words take a minute, and mean a lot to someone away from their pet.',
      facts,
    );
    return noticeMail(w, input.to, oneLine(w.say(/*i18n*/ "How is {names} today? Post today's update", facts)), title, body, link, w.say(/*i18n*/ "Post today's update"));
  };

/**
 * To each side, the morning after a check-in day that passed without "Bruno has arrived": what
 * happened? Nothing is refunded or paid out until they answer and our team decides.
 */
export const missedArrivalMail =
  (input: { to: string; toHost: boolean; guestName: string; stay: Stay; publicUrl: string }): LocalMail =>
  (locale) => {
    const w = mailWords(locale);
    const { stay } = input;
    const many = stay.pets.length > 1;
    const facts = { names: petNames(w, stay.pets), listing: stay.listing_title, dates: w.dates(stay.start_date, stay.end_date), guest: input.guestName, host: stay.host_name };
    const link = `${input.publicUrl}/stays/${stay.id}`;
    const title = w.say(/*i18n*/ 'Did {names} arrive?', facts);
    const lead = many
      ? w.say(/*i18n*/ "{names} were not checked in at {listing} on the stay's first day ({dates}).", facts)
      : w.say(/*i18n*/ "{names} was not checked in at {listing} on the stay's first day ({dates}).", facts);
    const ask = input.toHost
      ? many
        ? w.say(/*i18n*/ 'If {names} are with you, press "{names} have arrived" on the stay\'s page. Either way, tell us what happened there: {guest} is asked too.', facts)
        : w.say(/*i18n*/ 'If {names} is with you, press "{names} has arrived" on the stay\'s page. Either way, tell us what happened there: {guest} is asked too.', facts)
      : w.say(/*i18n*/ "Tell us what happened on the stay's page: arriving late, did not come, or called off. {host} is asked too.", facts);
    const decides = w.say(/*i18n*/ 'Unless you both say {names} arrived late, our team decides what is refunded and paid, and nothing moves until then.', facts);
    return noticeMail(w, input.to, oneLine(w.say(/*i18n*/ 'Did {names} arrive? ({listing})', facts)), title, `${lead} ${ask} ${decides}`, link, w.say(/*i18n*/ 'Open the stay'));
  };
