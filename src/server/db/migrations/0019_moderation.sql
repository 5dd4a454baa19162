CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('listing', 'review', 'message', 'user')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('unsafe', 'misleading', 'scam', 'abusive', 'discrimination', 'spam', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'upheld')),
	CONSTRAINT "reports_details_check" CHECK (char_length("reports"."details") <= 1000)
);
--> statement-breakpoint
DROP INDEX "listings_search_nearest_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "host_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (status = 'active' and hidden_at is null and not host_suspended) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_type","target_id","created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "listings_search_nearest_idx" ON "listings" USING gist (cube(array[cos(radians("lat")) * cos(radians("lng")), cos(radians("lat")) * sin(radians("lng")), sin(radians("lat"))])) WHERE "listings"."listed";--> statement-breakpoint
-- Search reads only listings anyone may book (listed): its indexes, made for status = 'active' by
-- 0005, are made again for the new rule, with the same columns.
DROP INDEX "listings_search_price_idx";--> statement-breakpoint
DROP INDEX "listings_search_recommended_idx";--> statement-breakpoint
DROP INDEX "listings_search_rating_idx";--> statement-breakpoint
DROP INDEX "listings_search_area_idx";--> statement-breakpoint
CREATE INDEX listings_search_price_idx ON listings (lower(city), nightly_price_inr, id)
  INCLUDE (city, verified, size_supported, rating, reviews_count, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_recommended_idx
  ON listings (lower(city), verified DESC NULLS LAST, rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, nightly_price_inr, size_supported, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_rating_idx ON listings (lower(city), rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, verified, nightly_price_inr, size_supported, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_area_idx ON listings (lat, lng)
  INCLUDE (id, verified, rating, reviews_count, nightly_price_inr, size_supported) WHERE listed;
--> statement-breakpoint
-- A review an operator removed is no longer counted (publishedListingReviews says the same).
CREATE OR REPLACE FUNCTION listing_rating_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET rating = s.rating, reviews_count = s.reviews_count
  FROM (
    SELECT x.id, coalesce(round(avg(r.rating)::numeric, 1)::float8, 0) AS rating, count(r.rating)::int AS reviews_count
    FROM unnest(ids) AS x(id)
    LEFT JOIN reviews r ON r.listing_id = x.id AND r.kind = 'listing' AND r.published_at IS NOT NULL AND r.removed_at IS NULL
    GROUP BY x.id
  ) s
  WHERE l.id = s.id AND (l.rating IS DISTINCT FROM s.rating OR l.reviews_count IS DISTINCT FROM s.reviews_count);
$$;
--> statement-breakpoint
DROP TRIGGER reviews_lock_listing ON reviews;--> statement-breakpoint
DROP TRIGGER reviews_refresh_listing ON reviews;--> statement-breakpoint
CREATE TRIGGER reviews_lock_listing BEFORE INSERT OR DELETE OR UPDATE OF listing_id, kind, rating, published_at, removed_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION listing_lock_for_change();
--> statement-breakpoint
CREATE TRIGGER reviews_refresh_listing AFTER INSERT OR DELETE OR UPDATE OF listing_id, kind, rating, published_at, removed_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_refresh_listing();
--> statement-breakpoint
-- A suspended host's listings leave every public read at once, and come back with the account:
-- kept here, in the statement that suspends or restores, whatever writes it.
CREATE FUNCTION users_suspension_to_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings SET host_suspended = (NEW.suspended_at IS NOT NULL), updated_at = now()
  WHERE host_id = NEW.id AND host_suspended IS DISTINCT FROM (NEW.suspended_at IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_suspension_to_listings AFTER UPDATE OF suspended_at ON users
  FOR EACH ROW WHEN ((OLD.suspended_at IS NULL) IS DISTINCT FROM (NEW.suspended_at IS NULL))
  EXECUTE FUNCTION users_suspension_to_listings();
