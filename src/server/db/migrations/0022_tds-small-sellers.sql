ALTER TABLE "payouts" ADD COLUMN "stay_paise" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tds_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The stay's value each payout's guest keeps paid (domain/settlement.ts stay_paise), for the
-- host's gross of a financial year (section 194-O(4)). A refund of p% gave back p% of the stay
-- and of its GST, each in whole rupees times p paise, so p is the refund over the two; a payout
-- reversed in full kept nothing. Payouts so far were all withheld on (tds_exempt false).
UPDATE "payouts" p SET "stay_paise" = CASE
    WHEN p.status = 'reversed' THEN 0
    ELSE b.price_subtotal_inr * (100 - coalesce((
      SELECT r.amount_paise FROM "refunds" r
      WHERE r.booking_id = p.booking_id AND r.reason <> 'not_bookable'
      ORDER BY r.created_at LIMIT 1
    ), 0) / (b.price_subtotal_inr + b.taxes_inr))
  END
FROM "bookings" b WHERE b.id = p.booking_id;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "stay_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_stay_check" CHECK ("payouts"."stay_paise" >= 0);
