-- Photos on a reported problem (issue 37, PRODUCT.md section 10): up to 4 per report, private
-- files in the stays' store like an update's, readable by the stay's two sides and by operators.
CREATE TABLE "incident_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"card_key" text NOT NULL,
	"large_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_photos" ADD CONSTRAINT "incident_photos_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_photos_incident_idx" ON "incident_photos" USING btree ("incident_id","place");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_photos_card_key_idx" ON "incident_photos" USING btree ("card_key");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_photos_large_key_idx" ON "incident_photos" USING btree ("large_key");