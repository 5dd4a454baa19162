ALTER TABLE "listings" ADD COLUMN "locality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "exact_lat" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "exact_lng" double precision;--> statement-breakpoint
-- The pins hosts placed become the exact position, kept private; the public one (lat, lng) is
-- moved 200 to 400 m in a direction drawn once per listing, as domain/location.ts does for new pins.
UPDATE "listings" SET "exact_lat" = "lat", "exact_lng" = "lng";--> statement-breakpoint
WITH "draws" AS (SELECT "id", 200 + random() * 200 AS "metres", random() * 2 * pi() AS "bearing" FROM "listings")
UPDATE "listings" AS "l" SET
  "lat" = round(("l"."exact_lat" + "d"."metres" * cos("d"."bearing") / 111320)::numeric, 6)::float8,
  "lng" = round(("l"."exact_lng" + "d"."metres" * sin("d"."bearing") / (111320 * cos(radians("l"."exact_lat"))))::numeric, 6)::float8
FROM "draws" AS "d" WHERE "d"."id" = "l"."id";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "exact_lat" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "exact_lng" SET NOT NULL;
