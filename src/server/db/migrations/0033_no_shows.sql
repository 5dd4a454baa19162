-- No-shows and the guest's "All well" (issue 37, PRODUCT.md section 10): a paid stay not checked in
-- by the end of its check-in day gets a no-show incident the lifecycle job opens (no reporter, once
-- per stay), which both sides answer and an operator resolves; the host's payout waits for it.
ALTER TABLE "incidents" DROP CONSTRAINT "incidents_kind_check";--> statement-breakpoint
ALTER TABLE "incidents" ALTER COLUMN "reported_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "home_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "guest_answer" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "host_answer" text;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_no_show_idx" ON "incidents" USING btree ("booking_id") WHERE kind = 'no_show';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_home_confirmed_check" CHECK ("bookings"."home_confirmed_at" is null or "bookings"."checked_out_at" is not null);--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reporter_check" CHECK (("incidents"."reported_by" is null) = ("incidents"."kind" = 'no_show'));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_answers_check" CHECK ("incidents"."kind" = 'no_show' or ("incidents"."guest_answer" is null and "incidents"."host_answer" is null));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_guest_answer_check" CHECK ("incidents"."guest_answer" is null or "incidents"."guest_answer" in ('arriving_late', 'did_not_come', 'called_off'));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_host_answer_check" CHECK ("incidents"."host_answer" is null or "incidents"."host_answer" in ('arriving_late', 'did_not_come', 'called_off'));--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_kind_check" CHECK ("incidents"."kind" in ('health', 'escape', 'behaviour', 'damage', 'other', 'no_show'));