ALTER TABLE "auth_codes" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "link_spent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_codes_link_idx" ON "auth_codes" USING btree ("link_hash");