-- Meet & greet (issue 37, PRODUCT.md section 10): a booking's proposals to meet before the stay,
-- the one confirmed and what came of it; and a listing's "Meet & greet required before a first
-- stay with me" (the host's accept waits for a meet marked Met).
CREATE TABLE "meets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"mode" text NOT NULL,
	"times" timestamp with time zone[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"outcome" text,
	"outcome_by" uuid,
	"outcome_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meets_mode_check" CHECK ("meets"."mode" in ('home', 'video')),
	CONSTRAINT "meets_status_check" CHECK ("meets"."status" in ('proposed', 'confirmed', 'replaced')),
	CONSTRAINT "meets_outcome_check" CHECK ("meets"."outcome" is null or "meets"."outcome" in ('met', 'missed')),
	CONSTRAINT "meets_times_check" CHECK (cardinality("meets"."times") between 1 and 3),
	CONSTRAINT "meets_note_check" CHECK (char_length("meets"."note") <= 500),
	CONSTRAINT "meets_at_check" CHECK (("meets"."at" is null) = ("meets"."confirmed_at" is null) and ("meets"."status" <> 'confirmed' or "meets"."at" is not null)),
	CONSTRAINT "meets_outcome_at_check" CHECK ("meets"."outcome" is null or ("meets"."at" is not null and "meets"."outcome_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "meet_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meets" ADD CONSTRAINT "meets_outcome_by_users_id_fk" FOREIGN KEY ("outcome_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meets_booking_idx" ON "meets" USING btree ("booking_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "meets_current_idx" ON "meets" USING btree ("booking_id") WHERE status <> 'replaced';--> statement-breakpoint
CREATE INDEX "meets_reminder_idx" ON "meets" USING btree ("at") WHERE status = 'confirmed' and reminded_at is null and outcome is null;