-- Issue 34: a host's listings within 100 m of one another are one place and show one public
-- position (domain/location.ts, SAME_PLACE_METRES), so comparing them cannot locate the home.
-- Each listing takes the position of its host's earliest other listing within 100 m whose
-- position lies 100 to 500 m from this listing's own pin (inside the area its page draws); a
-- listing with none keeps its own. Distances are haversine on a 6,371 km sphere, as the domain's.
WITH "pairs" AS (
  SELECT "l"."id", "o"."lat", "o"."lng", "o"."created_at", "o"."id" AS "other_id",
    2 * 6371000 * asin(sqrt(power(sin(radians("o"."exact_lat" - "l"."exact_lat") / 2), 2)
      + cos(radians("l"."exact_lat")) * cos(radians("o"."exact_lat")) * power(sin(radians("o"."exact_lng" - "l"."exact_lng") / 2), 2))) AS "pins_apart",
    2 * 6371000 * asin(sqrt(power(sin(radians("o"."lat" - "l"."exact_lat") / 2), 2)
      + cos(radians("l"."exact_lat")) * cos(radians("o"."lat")) * power(sin(radians("o"."lng" - "l"."exact_lng") / 2), 2))) AS "shown_from_home"
  FROM "listings" AS "l"
  JOIN "listings" AS "o" ON "o"."host_id" = "l"."host_id" AND ("o"."created_at", "o"."id") < ("l"."created_at", "l"."id")
),
"shared" AS (
  SELECT DISTINCT ON ("id") "id", "lat", "lng" FROM "pairs"
  WHERE "pins_apart" <= 100 AND "shown_from_home" BETWEEN 100 AND 500
  ORDER BY "id", "created_at", "other_id"
)
UPDATE "listings" AS "l" SET "lat" = "s"."lat", "lng" = "s"."lng"
FROM "shared" AS "s" WHERE "s"."id" = "l"."id";
