-- What other modules read of listings' and reviews' rows, as views (decision 044, "Reads across
-- modules"): a reader selects from the view and never repeats the owner's rule in its own SQL.

-- The reviews a listing's rating counts (the reviews module's rule): guests' reviews of the stay,
-- once published (PRODUCT.md: when both sides have written, or 14 days after checkout), unless an
-- operator removed them. Every rating (cards, the listing page, host stats, the maintained
-- columns below) and every listing page's reviews read this view.
CREATE VIEW published_listing_reviews AS
  SELECT id, booking_id, listing_id, author_id, subject_id, rating, body, published_at, created_at
  FROM reviews
  WHERE kind = 'listing' AND published_at IS NOT NULL AND removed_at IS NULL;
--> statement-breakpoint
-- A listing's photos in the host's order, `place` 1 first (the cover): ties, which reordering never
-- leaves but an upload race could, by age then id, so the cover is stable. A read filtered on
-- listing_id computes the numbering of that listing's photos only.
CREATE VIEW listing_photos_in_order AS
  SELECT id, listing_id, url, alt, width, height, sort_order, created_at,
    row_number() OVER (PARTITION BY listing_id ORDER BY sort_order, created_at, id)::int AS place
  FROM listing_photos;
--> statement-breakpoint
-- The maintained rating (migrations 0005, 0019) now reads the rule from its one place.
CREATE OR REPLACE FUNCTION listing_rating_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET rating = s.rating, reviews_count = s.reviews_count
  FROM (
    SELECT x.id, coalesce(round(avg(r.rating)::numeric, 1)::float8, 0) AS rating, count(r.rating)::int AS reviews_count
    FROM unnest(ids) AS x(id)
    LEFT JOIN published_listing_reviews r ON r.listing_id = x.id
    GROUP BY x.id
  ) s
  WHERE l.id = s.id AND (l.rating IS DISTINCT FROM s.rating OR l.reviews_count IS DISTINCT FROM s.reviews_count);
$$;
