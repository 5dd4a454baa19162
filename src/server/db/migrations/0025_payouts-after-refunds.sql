ALTER TABLE "test_gateway_transfers" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "direct_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_attention_idx" ON "payouts" USING btree ("attention_since") WHERE attention_since is not null and status = 'held';--> statement-breakpoint
-- Payouts whose transfer the provider refused wait a day between tries (decision 030); those of a
-- payment refunded before the transfer could be made are now paid by a direct transfer (decision
-- 039): tried again at the next run instead of tomorrow.
UPDATE "payouts" SET "transfer_next_attempt_at" = now() WHERE "status" = 'held' AND "transfer_id" IS NULL AND "transfer_error" IS NOT NULL;
