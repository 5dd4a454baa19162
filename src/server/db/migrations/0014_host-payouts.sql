CREATE TABLE "host_tax_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gstin" text,
	"pan" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_tax_profiles_gstin_check" CHECK ("host_tax_profiles"."gstin" is null or length("host_tax_profiles"."gstin") = 15)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number" text,
	"ifsc" text,
	"upi_id" text,
	"last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_kind_check" CHECK ("payout_accounts"."kind" in ('bank', 'upi')),
	CONSTRAINT "payout_accounts_fields_check" CHECK (("payout_accounts"."kind" = 'bank' and "payout_accounts"."account_number" is not null and "payout_accounts"."ifsc" is not null and "payout_accounts"."upi_id" is null) or ("payout_accounts"."kind" = 'upi' and "payout_accounts"."upi_id" is not null and "payout_accounts"."account_number" is null and "payout_accounts"."ifsc" is null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"host_gstin" text,
	"host_pan" text,
	"paid_on" date NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_paise" >= 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('held', 'paid', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "host_tax_profiles" ADD CONSTRAINT "host_tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","release_at");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("release_at") WHERE status = 'held';