// A listing's wish to meet new guests first (domain/stays/meet.ts has the rules), in words: a
// module of its own, so that the listing page's first view carries these two lines and not the
// rules and messages of meet & greet.

/** The listing form's switch. */
export const MEET_REQUIRED_LABEL = 'Meet & greet required before a first stay with me';
/** The listing page's line beside the host. */
export const MEET_REQUIRED_LINE = /*i18n*/ 'Meets new guests before their first stay';
