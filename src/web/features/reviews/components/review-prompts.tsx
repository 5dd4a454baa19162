import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareHeart, UserRoundCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDay } from '@/web/lib/date-range';
import { ownWords } from '@/web/i18n/verbatim';
import { Button } from '@/web/components/ui/button';
import type { PendingReview } from '@/domain/contracts/review';
import { pendingReviewsQuery } from '../api';
import { useOpenedOnce } from '@/web/lib/use-opened-once';
import { ReviewTitle } from './review-title';

// The dialog (and the review schema it checks with) loads when a prompt is first answered.
const ReviewDialog = /* @__PURE__ */ lazy(() => import('./review-dialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * The reviews I still owe for one side of my stays: the guest's dashboard shows those as guest,
 * the host dashboard those as host. Nothing at all when there are none (or they failed to load:
 * a prompt is an invitation, not something to report an error about).
 */
export function ReviewPrompts({ role, title }: { role: PendingReview['role']; title: string }) {
  const pending = useQuery(pendingReviewsQuery).data?.filter((p) => p.role === role) ?? [];
  const section = useRef<HTMLElement>(null);
  useKeepFocusWhenAnswered(pending.length, section);
  if (pending.length === 0) return null;
  return (
    <section ref={section} aria-labelledby={`review-prompts-${role}`} className="flex flex-col gap-4">
      <h2 id={`review-prompts-${role}`} className="text-xl font-bold tracking-tight text-stone-900">
        {title}
      </h2>
      <ul className="flex flex-col gap-3">
        {pending.map((p) => (
          <li key={p.booking_id}>
            <ReviewPrompt pending={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A prompt goes away once answered, and with it the button the dialog would give the focus back
 * to: the focus then lands on the next prompt, or on the page, instead of being lost on <body>.
 */
function useKeepFocusWhenAnswered(count: number, section: RefObject<HTMLElement | null>) {
  const previous = useRef(count);
  useEffect(() => {
    const answered = count < previous.current;
    previous.current = count;
    if (!answered) return;
    // After the dialog's own focus restore, which runs as it unmounts.
    const timer = setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      (section.current?.querySelector<HTMLElement>('button') ?? document.getElementById('main'))?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [count, section]);
}

function ReviewPrompt({ pending }: { pending: PendingReview }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const { t, i18n } = useLingui();
  const Icon = pending.role === 'guest' ? MessageSquareHeart : UserRoundCheck;
  const name = pending.other_first_name;
  const listing = pending.listing_title;
  const checkout = formatDay(pending.checkout_date, i18n);
  const deadline = formatDay(pending.deadline, i18n);
  return (
    <article
      data-testid="review-prompt"
      className="flex flex-col gap-4 rounded-3xl bg-primary-50 p-5 ring-1 ring-primary-100 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white text-primary-700 shadow-sm">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold text-stone-900">
            <ReviewTitle pending={pending} />
          </h3>
          <p className="mt-0.5 text-sm text-stone-700">
            {pending.role === 'guest' ? <Trans>Hosted by {ownWords(name)}</Trans> : <span translate="no">{listing}</span>} · {t`checked out ${checkout}`} · {t`review by ${deadline}`}
          </p>
        </div>
      </div>
      <Button className="sm:shrink-0" onClick={() => setOpen(true)} aria-label={pending.role === 'host' ? t`Review guest ${name}` : t`Write a review of ${listing}`}>
        {pending.role === 'guest' ? <Trans>Write a review</Trans> : <Trans>Review guest</Trans>}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ReviewDialog pending={pending} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </article>
  );
}
