-- Search reads derived data instead of aggregating each listing's reviews and calendar holds
-- (docs/performance.md: those per-listing lookups were the bottleneck at 100,000 listings):
-- listings.rating and reviews_count (from reviews), and listing_held_nights (from calendar_holds),
-- both added by 0004. The application never writes them: the triggers below keep them equal to
-- their sources whatever writes those (the app, the seed, a psql session), and a test compares
-- them with the sources after every kind of change.
--
-- Concurrency: the BEFORE trigger locks the listing's row before a hold or review of it changes,
-- so all writers of one listing's holds and reviews queue on that row (the lock accepting a
-- booking and blocking dates already take first, so the order is the same everywhere and cannot
-- deadlock), and the AFTER trigger's recount, which takes a fresh snapshot, sees every committed
-- change before it.

-- Both refresh functions take a list of listings: the triggers pass one, a backfill (the end of
-- this migration, the benchmark's bulk load) passes them all and gets one set-based pass.

-- The rating rule of publishedListingReviews (modules/listings/ratings.ts): the guests' reviews
-- of the stay, once published; the average to one decimal, 0 when there are none.
CREATE FUNCTION listing_rating_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET rating = s.rating, reviews_count = s.reviews_count
  FROM (
    SELECT x.id, coalesce(round(avg(r.rating)::numeric, 1)::float8, 0) AS rating, count(r.rating)::int AS reviews_count
    FROM unnest(ids) AS x(id)
    LEFT JOIN reviews r ON r.listing_id = x.id AND r.kind = 'listing' AND r.published_at IS NOT NULL
    GROUP BY x.id
  ) s
  WHERE l.id = s.id AND (l.rating IS DISTINCT FROM s.rating OR l.reviews_count IS DISTINCT FROM s.reviews_count);
$$;
--> statement-breakpoint
-- Every night a listing cannot sell (accepted stays and blocked nights alike, decision 002) from
-- yesterday in India on; a listing with none has no row. Older holds are left out so that the
-- value stays small: search refuses check-in dates before today, which they cannot overlap.
-- (India has no daylight saving, so its date is UTC + 5:30.) A listing being deleted keeps no
-- row (its holds go in the same cascade).
CREATE FUNCTION listing_availability_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT x.id, range_agg(h.during) AS nights
    FROM unnest(ids) AS x(id)
    LEFT JOIN calendar_holds h ON h.listing_id = x.id
      AND upper(h.during) >= ((now() AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date
    GROUP BY x.id
  ), emptied AS (
    DELETE FROM listing_held_nights a USING fresh WHERE a.listing_id = fresh.id AND fresh.nights IS NULL
  )
  INSERT INTO listing_held_nights (listing_id, nights)
  SELECT fresh.id, fresh.nights FROM fresh JOIN listings l ON l.id = fresh.id
  WHERE fresh.nights IS NOT NULL
  ON CONFLICT (listing_id) DO UPDATE SET nights = excluded.nights
    WHERE listing_held_nights.nights IS DISTINCT FROM excluded.nights;
$$;
--> statement-breakpoint
CREATE FUNCTION listing_lock_for_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM listings WHERE id = OLD.listing_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM listings WHERE id = NEW.listing_id FOR NO KEY UPDATE;
    RETURN NEW;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION calendar_holds_refresh_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM listing_availability_refresh(ARRAY[OLD.listing_id]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.listing_id IS DISTINCT FROM OLD.listing_id) THEN
    PERFORM listing_availability_refresh(ARRAY[NEW.listing_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_refresh_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM listing_rating_refresh(ARRAY[OLD.listing_id]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.listing_id IS DISTINCT FROM OLD.listing_id) THEN
    PERFORM listing_rating_refresh(ARRAY[NEW.listing_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_holds_lock_listing BEFORE INSERT OR UPDATE OR DELETE ON calendar_holds
  FOR EACH ROW EXECUTE FUNCTION listing_lock_for_change();
--> statement-breakpoint
CREATE TRIGGER calendar_holds_refresh_listing AFTER INSERT OR UPDATE OR DELETE ON calendar_holds
  FOR EACH ROW EXECUTE FUNCTION calendar_holds_refresh_listing();
--> statement-breakpoint
-- Only the columns a rating depends on: editing a review's text recounts nothing.
CREATE TRIGGER reviews_lock_listing BEFORE INSERT OR DELETE OR UPDATE OF listing_id, kind, rating, published_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION listing_lock_for_change();
--> statement-breakpoint
CREATE TRIGGER reviews_refresh_listing AFTER INSERT OR DELETE OR UPDATE OF listing_id, kind, rating, published_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_refresh_listing();
--> statement-breakpoint
-- The search indexes (modules/search/sql.ts), active listings only. Each sort order has one led by
-- the city (case-insensitive), so that a page is read in order and the scan stops after it; the
-- INCLUDE columns are every listings column a search filters or sorts on (city itself too:
-- PostgreSQL only reads lower(city) from an index that also holds city), so that counting the
-- matches and choosing the page's ids need no visit to the table (held nights are probed in their
-- own small table). Written here because drizzle cannot express INCLUDE; schema.ts lists them.
CREATE INDEX listings_search_price_idx ON listings (lower(city), nightly_price_inr, id)
  INCLUDE (city, verified, size_supported, rating, reviews_count, lat, lng) WHERE status = 'active';
--> statement-breakpoint
CREATE INDEX listings_search_recommended_idx
  ON listings (lower(city), verified DESC NULLS LAST, rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, nightly_price_inr, size_supported, lat, lng) WHERE status = 'active';
--> statement-breakpoint
CREATE INDEX listings_search_rating_idx ON listings (lower(city), rating DESC NULLS LAST, reviews_count DESC NULLS LAST)
  INCLUDE (city, id, verified, nightly_price_inr, size_supported, lat, lng) WHERE status = 'active';
--> statement-breakpoint
-- The visible map area, which replaces the city.
CREATE INDEX listings_search_area_idx ON listings (lat, lng)
  INCLUDE (id, verified, rating, reviews_count, nightly_price_inr, size_supported) WHERE status = 'active';
--> statement-breakpoint
-- The indexes on lower(city) are partial, and PostgreSQL keeps no statistics for the expressions
-- of partial indexes: without these, it guesses that a city holds 0.5% of the listings.
CREATE STATISTICS listings_city_stats ON (lower(city)) FROM listings;
--> statement-breakpoint
SELECT listing_rating_refresh(ids), listing_availability_refresh(ids) FROM (SELECT array(SELECT id FROM listings) AS ids) AS every_listing;
