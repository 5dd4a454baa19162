-- No double booking, enforced by the database: within one listing, no two holds (accepted stays
-- and host-blocked dates) may share a night. btree_gist lets the uuid equality join the range
-- overlap in one GiST index; the index also serves the availability anti-join of search.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "calendar_holds"
  ADD CONSTRAINT "calendar_holds_no_overlap"
  EXCLUDE USING gist ("listing_id" WITH =, "during" WITH &&);
