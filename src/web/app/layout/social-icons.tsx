import type { ReactNode } from 'react';

// lucide dropped brand logos; these are simple outline marks drawn to match its 24px grid.
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  className: 'size-5',
};

function Svg({ children }: { children: ReactNode }) {
  return <svg {...common}>{children}</svg>;
}

export const SOCIAL_ICONS = {
  Instagram: () => (
    <Svg>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <path d="M17.5 6.5h.01" />
    </Svg>
  ),
  Facebook: () => (
    <Svg>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Svg>
  ),
  X: () => (
    <Svg>
      <path d="M4 4l11.7 16H20L8.3 4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8 20 4" />
    </Svg>
  ),
  LinkedIn: () => (
    <Svg>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </Svg>
  ),
} as const;

export type SocialNetwork = keyof typeof SOCIAL_ICONS;
export const SOCIAL_NETWORKS = Object.keys(SOCIAL_ICONS) as SocialNetwork[];
