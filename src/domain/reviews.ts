import { addDays, type IsoDate } from './dates';

// When reviews may be written and when they go public (PRODUCT.md section 2, "Reviews"; the FAQ
// promises "published after both sides submit or after 14 days"). Pure functions of calendar dates
// in India, shared by the API, the lifecycle job and the web app so that all three agree on the
// day the window closes.

export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 1000;

/** 'listing': the guest reviews the stay (subject: the host); 'guest': the host reviews the guest. */
export type ReviewKind = 'listing' | 'guest';

/**
 * The day a stay's reviews stop being writable and the unpublished ones go public: 14 days after
 * checkout. One date for both, so a review can never be written after its booking's publication.
 */
export function reviewWindowClosesOn(checkout: IsoDate): IsoDate {
  return addDays(checkout, REVIEW_WINDOW_DAYS);
}

/** The last day a review can be written, as the prompts show it ("Review by ..."). */
export function reviewDeadline(checkout: IsoDate): IsoDate {
  return addDays(reviewWindowClosesOn(checkout), -1);
}

export function isReviewWindowOpen(checkout: IsoDate, today: IsoDate): boolean {
  return today < reviewWindowClosesOn(checkout);
}

/**
 * Whether a review is public: published as soon as the other side has written too, otherwise once
 * the window has closed.
 */
export function isReviewPublishable(input: { checkout: IsoDate; today: IsoDate; otherSideWritten: boolean }): boolean {
  return input.otherSideWritten || !isReviewWindowOpen(input.checkout, input.today);
}

/** The first word of a name, as reviews credit their authors; `fallback` for an empty name. */
export function firstNameOf(name: string | null | undefined, fallback: string): string {
  return name?.trim().split(/\s+/)[0] || fallback;
}
