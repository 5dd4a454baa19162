/** Header navigation, SPEC.md section 2, in order. */
export const MAIN_NAV = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const;

export const FOOTER_COMPANY = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export const FOOTER_HOSTS = [
  { to: '/host', label: 'Become a Host' },
  { to: '/host/guide', label: 'Hosting Guide' },
  { to: '/host/safety', label: 'Safety Tips' },
] as const;
