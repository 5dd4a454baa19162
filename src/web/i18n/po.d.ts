// A catalogue, compiled from its PO file as the app is built (@lingui/vite-plugin).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
