-- A host's share of a refund decided after their payout was paid (issue 37, decision 055): taken
-- back from their linked account at the provider before the guest's refund goes, or owed, and
-- tried again after the host's next payout or when an operator asks. The stay's host_payable in the
-- ledger is a debit of it until it is recovered.
CREATE TABLE "payout_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"provider_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_recoveries_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "payout_recoveries_amount_check" CHECK ("payout_recoveries"."amount_paise" > 0),
	CONSTRAINT "payout_recoveries_status_check" CHECK ("payout_recoveries"."status" in ('due', 'recovered', 'owed'))
);
--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD CONSTRAINT "payout_recoveries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recoveries" ADD CONSTRAINT "payout_recoveries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_recoveries_payout_idx" ON "payout_recoveries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_recoveries_owed_idx" ON "payout_recoveries" USING btree ("created_at") WHERE status = 'owed';--> statement-breakpoint
CREATE INDEX "payout_recoveries_due_idx" ON "payout_recoveries" USING btree ("next_attempt_at") WHERE status = 'due';