-- Issue 19: a sign-in code is bound to the browser that asked for it (auth/codes.ts).
CREATE TABLE "sign_in_browsers" (
	"browser_hash" text NOT NULL,
	"email" text NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_browsers_email_browser_hash_pk" PRIMARY KEY("email","browser_hash")
);
--> statement-breakpoint
-- Codes asked for before this change belong to no browser (''), so none can use them; their rows
-- still count towards the send limits. They lapse within 10 minutes anyway.
ALTER TABLE "auth_codes" ADD COLUMN "browser_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_codes" ALTER COLUMN "browser_hash" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "auth_codes_browser_idx" ON "auth_codes" USING btree ("email","browser_hash","created_at" DESC NULLS LAST);