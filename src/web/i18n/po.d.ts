// A catalogue, compiled from its PO file as the app is built (@lingui/vite-plugin).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// A language's catalogue as web/i18n/locale-*.ts import it (scripts/vite/catalogue-parts.ts): in
// the browser's build, its first chunk and the map of its parts; elsewhere, the whole and no parts.
declare module 'virtual:pawstay-catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
  export const parts: Readonly<Record<string, string>> | undefined;
}

// web/i18n/messages.ts: what the browser's build writes each `import('…')` of the app's own modules as.
// eslint-disable-next-line no-var -- a global is declared with var
declare var __pawstayWithMessages: <T>(loading: Promise<T>, key: string) => Promise<T>;
