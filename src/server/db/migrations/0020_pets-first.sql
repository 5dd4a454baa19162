CREATE TABLE "booking_pets" (
	"booking_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	CONSTRAINT "booking_pets_booking_id_pet_id_pk" PRIMARY KEY("booking_id","pet_id")
);
--> statement-breakpoint
CREATE TABLE "pet_vaccinations" (
	"pet_id" uuid NOT NULL,
	"vaccine" text NOT NULL,
	"given_on" date NOT NULL,
	"certificate_key" text,
	"certificate_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_vaccinations_pet_id_vaccine_pk" PRIMARY KEY("pet_id","vaccine"),
	CONSTRAINT "pet_vaccinations_vaccine_check" CHECK ("pet_vaccinations"."vaccine" in ('rabies', 'core')),
	CONSTRAINT "pet_vaccinations_certificate_check" CHECK (("pet_vaccinations"."certificate_key" is null) = ("pet_vaccinations"."certificate_type" is null))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pet_id_pets_id_fk";
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "pet_types" text[] DEFAULT '{dog,cat}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "vaccinations_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "house_rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "house_rules_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "host_pets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "neutered" boolean;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "temperament" text;--> statement-breakpoint
ALTER TABLE "booking_pets" ADD CONSTRAINT "booking_pets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_pets" ADD CONSTRAINT "booking_pets_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_vaccinations" ADD CONSTRAINT "pet_vaccinations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_pets_pet_idx" ON "booking_pets" USING btree ("pet_id");--> statement-breakpoint
-- A booking's pet moves to booking_pets, where a request may name several.
INSERT INTO "booking_pets" ("booking_id", "pet_id") SELECT "id", "pet_id" FROM "bookings" WHERE "pet_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "pet_id";--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_pet_types_check" CHECK (cardinality("listings"."pet_types") >= 1 and "listings"."pet_types" <@ '{dog,cat}'::text[]);--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_weight_check" CHECK ("pets"."weight_kg" is null or ("pets"."weight_kg" > 0 and "pets"."weight_kg" <= 120));--> statement-breakpoint
ALTER TABLE "pet_vaccinations" ADD CONSTRAINT "pet_vaccinations_certificate_type_check" CHECK ("pet_vaccinations"."certificate_type" is null or "pet_vaccinations"."certificate_type" in ('image/jpeg', 'image/png', 'application/pdf'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_house_rules_check" CHECK ("listings"."house_rules" <@ '{not_on_bed,not_on_sofa,not_alone,on_lead_outside,crate_at_night,clean_up}'::text[]);--> statement-breakpoint
-- Search for a pet (its type; without current vaccinations, homes that do not require them) reads
-- the same indexes as any search, from the index alone: they are made again with both columns.
DROP INDEX "listings_search_price_idx";--> statement-breakpoint
DROP INDEX "listings_search_recommended_idx";--> statement-breakpoint
DROP INDEX "listings_search_rating_idx";--> statement-breakpoint
DROP INDEX "listings_search_area_idx";--> statement-breakpoint
CREATE INDEX listings_search_price_idx ON listings (lower(city), nightly_price_inr, id)
  INCLUDE (city, verified, size_supported, pet_types, vaccinations_required, rating, reviews_count, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_recommended_idx
  ON listings (lower(city), verified DESC NULLS LAST, rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, nightly_price_inr, size_supported, pet_types, vaccinations_required, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_rating_idx ON listings (lower(city), rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, verified, nightly_price_inr, size_supported, pet_types, vaccinations_required, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_area_idx ON listings (lat, lng)
  INCLUDE (id, verified, rating, reviews_count, nightly_price_inr, size_supported, pet_types, vaccinations_required) WHERE listed;
