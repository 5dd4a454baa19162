-- Stay photo files no row named when the sweep last looked (issue 37): deleted by a later sweep
-- if still unnamed (stays/service.ts, sweepStayPhotos). Each file's key is one photo's alone.
CREATE TABLE "stay_photo_orphans" (
	"key" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stay_update_photos_card_key_idx" ON "stay_update_photos" USING btree ("card_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_update_photos_large_key_idx" ON "stay_update_photos" USING btree ("large_key");