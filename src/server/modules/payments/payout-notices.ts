import type { NoticeParams } from '../../../domain/notifications/notices';

/** A payout's notice facts: its stay and its amount (a host's own payout may show on their lock screen). */
export const payoutParams = (p: { booking_id: string; listing_title: string; start_date: string; end_date: string; amount_paise: number }): NoticeParams => ({
  booking_id: p.booking_id,
  listing_title: p.listing_title,
  start_date: p.start_date,
  end_date: p.end_date,
  amount_paise: p.amount_paise,
  role: 'host',
});
