// Text that PostgreSQL can store in jsonb: no NUL character, and no half of a surrogate pair (a
// lone "\ud800" is valid in a JavaScript string and in JSON, but not in a jsonb value, where it
// fails the statement). Text columns take neither either; the request guard refuses NUL in JSON
// bodies, and schemas of text that goes into jsonb refuse both with this.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export const UNSTORABLE_TEXT = 'This text has characters we cannot store. Please type it again.';
