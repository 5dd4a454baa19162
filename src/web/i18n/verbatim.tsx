import type { ReactElement } from 'react';

/**
 * Someone's own words (a home's title, a city as typed) for a `<Trans>` or `<Plural>`. Lingui puts
 * a message's text values into the sentence, then reads the sentence for its elements' tags
 * ("<0>…</0>", "<b/>"): a title such as "<b>Cosy</b> flat" would lose its brackets, or take one
 * of the message's own elements. An element is put in as a placeholder, never read for tags.
 * (`t` and `i18n._` make strings and read no tags: they need none of this.)
 */
export const verbatim = (text: string): ReactElement => <>{text}</>;

/**
 * A person's or a home's own words (a name, a title) in a sentence of the page's language, as
 * `verbatim` puts them, and marked never to be translated: a browser's translator leaves them as
 * written, and the language tests do not count them as English left on the page.
 */
export const ownWords = (text: string): ReactElement => <span translate="no">{text}</span>;
