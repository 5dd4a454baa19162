import { checkInAt } from './cancellation';
import type { IsoDate } from '../dates';

/** The host's share of a paid stay is released this long after check-in (PRODUCT.md section 7). */
export const PAYOUT_DELAY_HOURS = 24;

/** When the host's share of a stay starting `startDate` is released: PAYOUT_DELAY_HOURS after check-in. */
export const payoutReleaseAt = (startDate: IsoDate): Date => new Date(checkInAt(startDate).getTime() + PAYOUT_DELAY_HOURS * 3_600_000);

/** When the texts say a host is paid ("24 hours after check-in"): read here, so a text cannot say another. */
export const PAYOUT_RELEASE_TEXT = `${PAYOUT_DELAY_HOURS} hours after check-in`;
