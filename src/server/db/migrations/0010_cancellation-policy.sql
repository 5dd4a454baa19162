ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "cancellation_policy" text DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_policy_check" CHECK ("bookings"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_cancellation_policy_check" CHECK ("listings"."cancellation_policy" in ('flexible', 'moderate', 'strict'));