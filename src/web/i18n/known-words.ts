import type { I18n } from '@lingui/core';

/**
 * A text the domain or the server wrote in English and marked for the catalogues (`/*i18n*\/`,
 * decision 063: a schema's validation message, an answer's), in the page's language when its
 * catalogue has it, as written otherwise (an English page has no catalogue; a server's answer
 * comes already translated).
 */
export const inPageLanguage = (i18n: I18n, text: string): string => (i18n.messages[text] === undefined ? text : i18n._(text));
