import type { MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import { useSession } from '@/web/features/auth/api';
import { useSignIn } from '@/web/features/auth/sign-in-context';
import { cn } from '@/web/lib/cn';
import { useIsFavorite, useToggleFavorite } from './api';

export type FavoriteButtonProps = {
  listingId: string;
  /** Named in the accessible name where several hearts share a page (the cards of a list). */
  listingTitle?: string;
  /**
   * `overlay`: a round white button over a photo; `icon`: a quiet round button beside a heading;
   * `labelled`: a pill with a visible "Save" beside a page's title.
   */
  variant?: 'overlay' | 'icon' | 'labelled';
  className?: string;
};

const variants = {
  overlay:
    'size-11 bg-white/90 text-stone-800 shadow-md ring-1 ring-stone-900/5 backdrop-blur-sm hover:bg-white hover:text-primary-700',
  icon: 'size-11 text-stone-700 hover:bg-stone-100 hover:text-primary-700',
  labelled:
    'h-11 gap-2 px-4 text-[0.9375rem] font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 hover:ring-stone-400 aria-pressed:bg-primary-50 aria-pressed:ring-primary-200',
} as const;

/**
 * The heart that saves a listing to my favorites. A toggle button: its name stays the same and
 * `aria-pressed` tells whether the listing is saved. Signed out, it opens the sign-in dialog and
 * saves nothing. It sits inside clickable cards, so its click goes no further.
 */
export function FavoriteButton({ listingId, listingTitle, variant = 'overlay', className }: FavoriteButtonProps) {
  const { user } = useSession();
  const signIn = useSignIn();
  const saved = useIsFavorite(listingId);
  const toggle = useToggleFavorite(listingId);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!user) {
      signIn.open();
      return;
    }
    toggle.mutate(!saved);
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={listingTitle ? `Save ${listingTitle} to favorites` : 'Save to favorites'}
      title={saved ? 'Saved to favorites' : 'Save to favorites'}
      onClick={onClick}
      data-testid="favorite-button"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full transition-[background-color,color,box-shadow,transform] duration-150',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 motion-safe:active:scale-90',
        variants[variant],
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        strokeWidth={2.25}
        className={cn('size-5 transition-colors', saved && 'fill-primary-600 text-primary-600')}
      />
      {variant === 'labelled' && <span aria-hidden="true">Save</span>}
    </button>
  );
}
