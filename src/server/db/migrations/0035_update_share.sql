-- Daily updates count in search's recommended order (issue 37, PRODUCT.md section 10): each
-- listing keeps the share of the days of its latest stays that had an update (the rule of
-- domain/stays/daily-updates.ts updateShare), and the order's score beside it (recommendedScore,
-- a generated column), so that the recommended order still comes straight from an index.
-- Kept by triggers like rating and reviews_count (migration 0005): the app never writes them.
ALTER TABLE "listings" ADD COLUMN "update_share" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "recommended_score" double precision GENERATED ALWAYS AS (rating + 0.5 * coalesce(update_share, 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_update_share_check" CHECK ("listings"."update_share" between 0 and 1);--> statement-breakpoint
-- The latest UPDATE_SHARE_STAYS (10) stays checked in and out, newest first as the badge orders
-- them; a day counts once whatever it had (the arrival, one update or five). Integer sums divided
-- as float8, as the domain's function divides them, so that the two agree to the last bit.
CREATE FUNCTION listing_update_share_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET update_share = s.share
  FROM (
    SELECT x.id, sum(st.updated_days)::float8 / nullif(sum(st.days), 0)::float8 AS share
    FROM unnest(ids) AS x(id)
    LEFT JOIN LATERAL (
      SELECT b.end_date - b.start_date AS days,
        (SELECT count(DISTINCT su.for_date) FROM stay_updates su
          WHERE su.booking_id = b.id AND su.for_date >= b.start_date AND su.for_date < b.end_date) AS updated_days
      FROM bookings b
      WHERE b.listing_id = x.id AND b.status = 'completed' AND b.checked_in_at IS NOT NULL
      ORDER BY b.end_date DESC, b.checked_out_at DESC NULLS LAST, b.id
      LIMIT 10
    ) st ON true
    GROUP BY x.id
  ) s
  WHERE l.id = s.id AND l.update_share IS DISTINCT FROM s.share;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_refresh_update_share() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM listing_update_share_refresh(ARRAY[OLD.listing_id]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.listing_id IS DISTINCT FROM OLD.listing_id) THEN
    PERFORM listing_update_share_refresh(ARRAY[NEW.listing_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update counts once its stay is completed; the service refuses one after check-out, but a
-- psql session may still add or remove one.
CREATE FUNCTION stay_updates_refresh_update_share() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM listing_update_share_refresh(ARRAY(SELECT b.listing_id FROM bookings b WHERE b.id = OLD.booking_id AND b.status = 'completed'));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM listing_update_share_refresh(ARRAY(SELECT b.listing_id FROM bookings b WHERE b.id = NEW.booking_id AND b.status = 'completed'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only a stay that is, or was, completed changes a share: requests, payments and check-ins lock
-- and recount nothing. The BEFORE trigger queues the writers of one listing's share on its row,
-- as 0005's do for ratings, so that the recount after sees every committed completion.
CREATE TRIGGER bookings_lock_listing_for_share BEFORE UPDATE OF status, listing_id, checked_in_at, start_date, end_date ON bookings
  FOR EACH ROW WHEN (NEW.status = 'completed' OR OLD.status = 'completed') EXECUTE FUNCTION listing_lock_for_change();
--> statement-breakpoint
CREATE TRIGGER bookings_refresh_update_share AFTER UPDATE OF status, listing_id, checked_in_at, start_date, end_date ON bookings
  FOR EACH ROW WHEN (NEW.status = 'completed' OR OLD.status = 'completed') EXECUTE FUNCTION bookings_refresh_update_share();
--> statement-breakpoint
CREATE TRIGGER bookings_refresh_update_share_gone AFTER DELETE ON bookings
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION bookings_refresh_update_share();
--> statement-breakpoint
CREATE TRIGGER bookings_refresh_update_share_new AFTER INSERT ON bookings
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION bookings_refresh_update_share();
--> statement-breakpoint
CREATE TRIGGER stay_updates_refresh_update_share AFTER INSERT OR DELETE OR UPDATE OF booking_id, for_date ON stay_updates
  FOR EACH ROW EXECUTE FUNCTION stay_updates_refresh_update_share();
--> statement-breakpoint
-- The recommended order now sorts on the score, and a map area's search reads it from its index.
DROP INDEX "listings_search_recommended_idx";--> statement-breakpoint
DROP INDEX "listings_search_area_idx";--> statement-breakpoint
CREATE INDEX listings_search_recommended_idx
  ON listings (lower(city), verified DESC NULLS LAST, recommended_score DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, nightly_price_inr, size_supported, pet_types, vaccinations_required, lat, lng) WHERE listed;
--> statement-breakpoint
CREATE INDEX listings_search_area_idx ON listings (lat, lng)
  INCLUDE (id, verified, rating, reviews_count, recommended_score, nightly_price_inr, size_supported, pet_types, vaccinations_required) WHERE listed;
--> statement-breakpoint
SELECT listing_update_share_refresh(array_agg(id)) FROM listings;
