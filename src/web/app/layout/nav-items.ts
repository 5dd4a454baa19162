import { msg } from '@lingui/core/macro';

/** Header navigation, SPEC.md section 2, in order; each label read in the page's language (`i18n._`). */
export const MAIN_NAV = [
  { to: '/how-it-works', label: msg`How It Works` },
  { to: '/about', label: msg`About` },
  { to: '/faq', label: msg`FAQ` },
  { to: '/contact', label: msg`Contact` },
] as const;

export const FOOTER_COMPANY = [
  { to: '/about', label: msg`About Us` },
  { to: '/how-it-works', label: msg`How It Works` },
  { to: '/faq', label: msg`FAQ` },
  { to: '/contact', label: msg`Contact Us` },
] as const;

export const FOOTER_HOSTS = [
  { to: '/host', label: msg`Become a Host` },
  { to: '/host/guide', label: msg`Hosting Guide` },
  { to: '/host/safety', label: msg`Safety Tips` },
] as const;
