-- A user's language (issue 39, decision 059): English, Gujarati or Hindi, null until chosen.
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'gu', 'hi'));