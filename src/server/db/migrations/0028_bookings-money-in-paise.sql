-- Bookings keep their money in paise, as the money tables do (decision 043, "One unit"): each
-- column renamed and every row multiplied by 100, in this migration's one transaction, so no
-- reader ever sees a rupee figure under a paise name. Integer arithmetic, exact; the largest stay
-- (30 nights at ₹1,00,000 and 18% GST, ₹35,40,000) is 354,000,000 paise, far below the integer's
-- limit, which would fail the migration rather than wrap. No function, trigger or view reads these
-- columns (0022 read them once, in a data update already applied).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money_check";--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "price_subtotal_inr" TO "price_subtotal_paise";--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "taxes_inr" TO "taxes_paise";--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "platform_fee_inr" TO "platform_fee_paise";--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "total_inr" TO "total_paise";--> statement-breakpoint
UPDATE "bookings" SET
  "price_subtotal_paise" = "price_subtotal_paise" * 100,
  "taxes_paise" = "taxes_paise" * 100,
  "platform_fee_paise" = "platform_fee_paise" * 100,
  "total_paise" = "total_paise" * 100;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."price_subtotal_paise" >= 0 and "bookings"."taxes_paise" >= 0 and "bookings"."platform_fee_paise" >= 0 and "bookings"."total_paise" >= 0);
