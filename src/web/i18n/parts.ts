import type { Messages } from '@lingui/core';

/**
 * The loader of a language's parts (decision 064), in the chunk that only Gujarati and Hindi
 * pages load: the part holding the words of the module `key` (and of what it imports), added to
 * `messages`, the object the app's i18n already reads, without telling it: the words arrive before
 * the code that shows them renders, and telling it would render the whole app again. A part that
 * cannot be loaded (offline) is asked for again next time; its module's words stay English meanwhile.
 */
export function partLoader(locale: string, messages: Messages, parts: Readonly<Record<string, string>> | undefined) {
  if (!parts) return undefined;
  const loading = new Map<string, Promise<void>>();
  return (key: string): Promise<void> => {
    const hash = parts[key];
    if (!hash) return Promise.resolve();
    let part = loading.get(key);
    if (!part) {
      part = import(/* @vite-ignore */ `/assets/catalogue-${locale}-${hash}.js`).then((module: { messages: Messages }) => void Object.assign(messages, module.messages));
      part.catch(() => loading.delete(key));
      loading.set(key, part);
    }
    return part.catch(() => undefined);
  };
}
