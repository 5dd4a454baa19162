CREATE TABLE "test_gateway_linked_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"legal_business_name" text NOT NULL,
	"settlement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"recipient" text NOT NULL,
	"amount" integer NOT NULL,
	"amount_reversed" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '{}' NOT NULL,
	"on_hold" boolean NOT NULL,
	"on_hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_transfers_amount" CHECK ("test_gateway_transfers"."amount" > 0 and "test_gateway_transfers"."amount_reversed" between 0 and "test_gateway_transfers"."amount")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "link_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "linked_account_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "link_error" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "link_reference" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "link_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "link_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_error" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_transfers" ADD CONSTRAINT "test_gateway_transfers_payment_id_test_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_gateway_transfers" ADD CONSTRAINT "test_gateway_transfers_recipient_test_gateway_linked_accounts_id_fk" FOREIGN KEY ("recipient") REFERENCES "public"."test_gateway_linked_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_gateway_transfers_payment_idx" ON "test_gateway_transfers" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_accounts_link_due_idx" ON "payout_accounts" USING btree ("link_next_attempt_at") WHERE link_status = 'pending';--> statement-breakpoint
CREATE INDEX "payouts_transfer_due_idx" ON "payouts" USING btree ("transfer_next_attempt_at") WHERE status = 'held' and transfer_id is null;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_link_status_check" CHECK ("payout_accounts"."link_status" in ('pending', 'linked', 'failed'));