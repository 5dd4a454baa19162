import { PRESS_CODE_ATTRIBUTE } from '@/domain/app-code';

// The code that a control's press needs and the page does not load: a sheet, a dialog, the
// toasts. Named on the control, it is fetched the moment the control is pressed before the app
// runs, with the app's own code, instead of a slow round trip after the press has been replayed
// (web/first-view/app-code.ts, decision 047). Once the app runs, the control's own handlers load
// it as they always did.

/** Modules loaded on demand, by their key in the build's manifest (paths from src/web; a test checks each is a file). */
export const PRESS_MODULES = {
  listingSheet: 'features/search/components/listing-sheet.tsx',
  signInDialog: 'features/auth/sign-in-dialog.tsx',
  mobileMenu: 'app/layout/mobile-menu-sheet.tsx',
  userMenu: 'app/layout/user-menu.tsx',
  datePanel: 'components/date-range-panel.tsx',
  photoGallery: 'features/listings/components/photo-gallery.tsx',
  requestsTab: 'features/host/components/requests-tab.tsx',
  payoutsTab: 'features/host/components/payouts-tab.tsx',
  availabilityCalendar: 'features/host/components/availability-calendar.tsx',
  toasts: '../../node_modules/sonner/dist/index.mjs',
} as const;

export type PressModule = keyof typeof PRESS_MODULES;

/**
 * The attribute that tells the first-view loader what a press on this control (or inside this
 * element) will need; nothing when nothing (`false`, `undefined`) is named, as when the need
 * depends on what is not known yet.
 */
export function pressCode(...modules: (PressModule | false | undefined)[]): { [PRESS_CODE_ATTRIBUTE]?: string } {
  const named = modules.filter((module): module is PressModule => Boolean(module)).map((module) => PRESS_MODULES[module]);
  return named.length > 0 ? { [PRESS_CODE_ATTRIBUTE]: named.join(' ') } : {};
}
