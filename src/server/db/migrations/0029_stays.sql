-- The stay itself (PRODUCT.md section 10, issue 37): a paid stay is checked in by its host
-- (in_stay) and checked out (completed), and each pet on it has a care sheet written by the guest.
CREATE TABLE "care_sheets" (
	"booking_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"sheet" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_sheets_booking_id_pet_id_pk" PRIMARY KEY("booking_id","pet_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_sheets" ADD CONSTRAINT "care_sheets_booking_id_pet_id_booking_pets_booking_id_pet_id_fk" FOREIGN KEY ("booking_id","pet_id") REFERENCES "public"."booking_pets"("booking_id","pet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_sheets_pet_idx" ON "care_sheets" USING btree ("pet_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_in_stay_check" CHECK ("bookings"."status" <> 'in_stay' or "bookings"."checked_in_at" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_out_check" CHECK ("bookings"."checked_out_at" is null or "bookings"."checked_in_at" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('requested', 'awaiting_payment', 'confirmed', 'in_stay', 'declined', 'cancelled', 'expired', 'lapsed', 'completed'));