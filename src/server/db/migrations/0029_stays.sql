-- The stay itself (PRODUCT.md section 10, issue 37): a paid stay is checked in by its host
-- (in_stay) and checked out (completed); each pet on it has a care sheet written by the guest;
-- the host posts updates (words, a care log, private photos), and is reminded at 8 pm of a day
-- without one.
CREATE TABLE "care_sheets" (
	"booking_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"sheet" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_sheets_booking_id_pet_id_pk" PRIMARY KEY("booking_id","pet_id")
);
--> statement-breakpoint
CREATE TABLE "stay_update_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"update_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"card_key" text NOT NULL,
	"large_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_update_reminders" (
	"booking_id" uuid NOT NULL,
	"for_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_update_reminders_booking_id_for_date_pk" PRIMARY KEY("booking_id","for_date")
);
--> statement-breakpoint
CREATE TABLE "stay_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"care_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"for_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_updates_kind_check" CHECK ("stay_updates"."kind" in ('arrival', 'update')),
	CONSTRAINT "stay_updates_note_check" CHECK (char_length("stay_updates"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_sheets" ADD CONSTRAINT "care_sheets_booking_id_pet_id_booking_pets_booking_id_pet_id_fk" FOREIGN KEY ("booking_id","pet_id") REFERENCES "public"."booking_pets"("booking_id","pet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_update_photos" ADD CONSTRAINT "stay_update_photos_update_id_stay_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."stay_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_update_reminders" ADD CONSTRAINT "stay_update_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_updates" ADD CONSTRAINT "stay_updates_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_updates" ADD CONSTRAINT "stay_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_sheets_pet_idx" ON "care_sheets" USING btree ("pet_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stay_update_photos_update_idx" ON "stay_update_photos" USING btree ("update_id","place");--> statement-breakpoint
CREATE INDEX "stay_updates_booking_idx" ON "stay_updates" USING btree ("booking_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stay_updates_day_idx" ON "stay_updates" USING btree ("booking_id","for_date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_in_stay_check" CHECK ("bookings"."status" <> 'in_stay' or "bookings"."checked_in_at" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_out_check" CHECK ("bookings"."checked_out_at" is null or "bookings"."checked_in_at" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('requested', 'awaiting_payment', 'confirmed', 'in_stay', 'declined', 'cancelled', 'expired', 'lapsed', 'completed'));