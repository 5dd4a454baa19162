import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/web/lib/cn';

export const TAGLINE = msg`Pet-friendly stays, starting in Ahmedabad`;

/** The PawStay mark: a paw under a roof, in the primary colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={cn('size-10 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="12" className="fill-primary-600" />
      <path d="M9 19.5 20 10l11 9.5" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <g fill="white">
        <ellipse cx="20" cy="27" rx="4.6" ry="3.9" />
        <ellipse cx="14.3" cy="22.2" rx="1.75" ry="2.2" transform="rotate(-18 14.3 22.2)" />
        <ellipse cx="17.9" cy="19.9" rx="1.75" ry="2.2" transform="rotate(-6 17.9 19.9)" />
        <ellipse cx="22.1" cy="19.9" rx="1.75" ry="2.2" transform="rotate(6 22.1 19.9)" />
        <ellipse cx="25.7" cy="22.2" rx="1.75" ry="2.2" transform="rotate(18 25.7 22.2)" />
      </g>
    </svg>
  );
}

/**
 * The brand link. Its accessible name is exactly "PawStay"; the tagline under it is shown where
 * it fits and kept out of the link's name (it is also in the footer and the mobile menu).
 */
export function Brand({ tagline = 'responsive', className }: { tagline?: 'responsive' | 'always' | 'never'; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Link to="/" className={cn('group flex min-w-0 items-center gap-2.5 rounded-xl focus-visible:outline-offset-4', className)}>
      <BrandMark className="transition-transform duration-200 motion-safe:group-hover:-rotate-6" />
      <span className="flex min-w-0 flex-col">
        <span className="text-xl leading-6 font-bold tracking-tight text-stone-900">PawStay</span>
        {tagline !== 'never' && (
          <span
            aria-hidden="true"
            className={cn(
              'truncate text-xs leading-4 font-medium text-stone-600',
              tagline === 'responsive' && 'hidden sm:block md:hidden lg:block',
            )}
          >
            {i18n._(TAGLINE)}
          </span>
        )}
      </span>
    </Link>
  );
}
