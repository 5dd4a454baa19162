CREATE TABLE "listing_held_nights" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"nights" datemultirange NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_search_idx";--> statement-breakpoint
DROP INDEX "listings_geo_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rating" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_held_nights" ADD CONSTRAINT "listing_held_nights_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_search_nearest_idx" ON "listings" USING gist (cube(array[cos(radians("lat")) * cos(radians("lng")), cos(radians("lat")) * sin(radians("lng")), sin(radians("lat"))])) WHERE "listings"."status" = 'active';