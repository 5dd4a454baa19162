-- Problems reported on a stay (issue 37, PRODUCT.md section 10), resolved by operators; a refund
-- an operator decides on one is a refund of reason 'incident'.
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"reported_by" uuid NOT NULL,
	"kind" text NOT NULL,
	"urgent" boolean NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"refund_percent" integer,
	"refund_paise" integer,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_kind_check" CHECK ("incidents"."kind" in ('health', 'escape', 'behaviour', 'damage', 'other')),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('open', 'resolved')),
	CONSTRAINT "incidents_description_check" CHECK (char_length("incidents"."description") between 1 and 2000),
	CONSTRAINT "incidents_refund_check" CHECK ("incidents"."refund_percent" is null or "incidents"."refund_percent" between 0 and 100),
	CONSTRAINT "incidents_resolved_check" CHECK (("incidents"."status" = 'resolved') = ("incidents"."resolved_at" is not null and "incidents"."resolution" is not null and "incidents"."refund_percent" is not null and "incidents"."refund_paise" is not null)),
	CONSTRAINT "incidents_refund_paise_check" CHECK ("incidents"."refund_paise" is null or "incidents"."refund_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_booking_idx" ON "incidents" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_open_idx" ON "incidents" USING btree ("urgent" DESC NULLS LAST,"created_at") WHERE status = 'open';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" in ('guest_cancelled', 'host_cancelled', 'not_bookable', 'incident'));