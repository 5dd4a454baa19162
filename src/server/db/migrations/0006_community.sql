-- Community (issue 7): a global order and a client id for messages (the live stream replays after
-- Last-Event-ID; a retried send is not stored twice), when each side was last e-mailed about
-- unread messages, and the unpublished reviews the lifecycle job publishes 14 days after checkout.
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "guest_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "host_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_idx" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" USING btree ("booking_id") WHERE "reviews"."published_at" is null;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_seq_unique" UNIQUE("seq");