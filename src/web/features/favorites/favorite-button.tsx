import type { MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useSignIn, useWithSession } from '@/web/features/auth';
import { cn } from '@/web/lib/cn';
import { favoriteIdsQuery, useHeartState, useToggleFavorite } from './api';
import * as queryKeys from '@/web/lib/query-keys';
import { pressCode } from '@/web/lib/press-code';

export type FavoriteButtonProps = {
  listingId: string;
  /** Named in the accessible name where several hearts share a page (the cards of a list). */
  listingTitle?: string;
  /**
   * `overlay`: a round white button over a photo; `icon`: a quiet round button beside a heading;
   * `labelled`: a pill with a visible "Save" beside a page's title (round, icon-only, on phones).
   */
  variant?: 'overlay' | 'icon' | 'labelled';
  className?: string;
};

const variants = {
  // The 44px target is transparent; the white disc inside it is 36px, sized to the card's badges.
  overlay: 'group/heart size-11 text-stone-800 hover:text-primary-700',
  icon: 'size-11 text-stone-700 hover:bg-stone-100 hover:text-primary-700',
  // A phone's narrow title needs the room: the word shows from sm up.
  labelled:
    'size-11 gap-2 text-[0.9375rem] sm:w-auto sm:px-4 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 hover:ring-stone-400 aria-pressed:bg-primary-50 aria-pressed:ring-primary-200',
} as const;

/**
 * The heart that saves a listing to my favorites. A toggle button: `aria-pressed` tells whether
 * the listing is saved (icon-only, its name stays the same). Signed out, it opens the sign-in
 * dialog and saves nothing. It sits inside clickable cards, so its click goes no further.
 */
export function FavoriteButton({ listingId, listingTitle, variant = 'overlay', className }: FavoriteButtonProps) {
  const { t } = useLingui();
  const withSession = useWithSession();
  const signIn = useSignIn();
  const state = useHeartState(listingId);
  const saved = state === 'saved';
  const toggle = useToggleFavorite(listingId);
  const queryClient = useQueryClient();

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    withSession((user) => {
      if (!user) {
        signIn.open();
        return;
      }
      // Pressed before my favorites were known (just after the page's code ran), the heart
      // toggles what is saved, not the "not saved" it showed meanwhile.
      const toggleFrom = (ids: string[] = []) => toggle.mutate(!ids.includes(listingId));
      if (queryClient.getQueryState(queryKeys.favorites.ids)?.status === 'success') toggleFrom(queryClient.getQueryData(queryKeys.favorites.ids));
      else void queryClient.ensureQueryData(favoriteIdsQuery).then(toggleFrom, () => toggleFrom());
    });
  };

  const heart = (
    <Heart aria-hidden="true" strokeWidth={2.25} className={cn('size-5 transition-colors', saved && 'fill-primary-600 text-primary-600')} />
  );
  // With a visible word, the name starts with it (WCAG 2.5.3, label in name), so it follows the state.
  const title = saved ? t`Saved to favorites` : t`Save to favorites`;
  const name = variant === 'labelled' ? title : listingTitle ? t`Save ${listingTitle} to favorites` : t`Save to favorites`;

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={name}
      title={title}
      onClick={onClick}
      // Known to be signed out, a press opens the sign-in dialog.
      {...pressCode(state === 'signed-out' && 'signInDialog')}
      data-testid="favorite-button"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full transition-[background-color,color,box-shadow] duration-150',
        'focus-visible:outline-2 focus-visible:outline-primary-600',
        variant === 'overlay' ? 'focus-visible:outline-offset-0' : 'focus-visible:outline-offset-2',
        variants[variant],
        className,
      )}
    >
      {variant === 'overlay' ? (
        <span className="flex size-9 items-center justify-center rounded-full bg-white/90 shadow-md ring-1 ring-stone-900/5 transition-[background-color,transform] group-hover/heart:bg-white motion-safe:group-active/heart:scale-90">
          {heart}
        </span>
      ) : (
        heart
      )}
      {variant === 'labelled' && (
        <span aria-hidden="true" className="hidden sm:inline">
          {saved ? t`Saved` : t`Save`}
        </span>
      )}
    </button>
  );
}
