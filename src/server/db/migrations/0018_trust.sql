CREATE TABLE "host_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"id_type" text,
	"id_file_key" text,
	"id_file_type" text,
	"id_uploaded_at" timestamp with time zone,
	"id_file_deleted_at" timestamp with time zone,
	"photos_confirmed_at" timestamp with time zone,
	"call_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_verifications_status_check" CHECK ("host_verifications"."status" in ('draft', 'submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "host_verifications" ADD CONSTRAINT "host_verifications_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_verifications" ADD CONSTRAINT "host_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_verifications_host_idx" ON "host_verifications" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "host_verifications_open_idx" ON "host_verifications" USING btree ("host_id") WHERE status in ('draft', 'submitted');--> statement-breakpoint
CREATE INDEX "host_verifications_queue_idx" ON "host_verifications" USING btree ("submitted_at") WHERE status = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "host_verifications_call_idx" ON "host_verifications" USING btree ("call_at") WHERE status = 'submitted';--> statement-breakpoint
CREATE INDEX "host_verifications_id_file_due_idx" ON "host_verifications" USING btree ("decided_at") WHERE id_file_key is not null and status in ('approved', 'rejected');--> statement-breakpoint
CREATE INDEX "operator_actions_target_idx" ON "operator_actions" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
-- The record of operators' actions is append-only: no statement may change or remove a row.
CREATE FUNCTION "operator_actions_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "operator_actions_append_only" BEFORE UPDATE OR DELETE ON "operator_actions" FOR EACH ROW EXECUTE FUNCTION "operator_actions_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "operator_actions_no_truncate" BEFORE TRUNCATE ON "operator_actions" FOR EACH STATEMENT EXECUTE FUNCTION "operator_actions_refuse_change"();--> statement-breakpoint
-- Verified was a listing's flag, set in the database; it is now the host's. A host with any
-- verified listing is taken as verified, and their other listings follow.
UPDATE "users" SET "verified_at" = now() WHERE "id" IN (SELECT "host_id" FROM "listings" WHERE "verified");--> statement-breakpoint
UPDATE "listings" SET "verified" = true WHERE "host_id" IN (SELECT "id" FROM "users" WHERE "verified_at" IS NOT NULL);
