ALTER TABLE "tax_document_series" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX "tax_documents_series_idx";--> statement-breakpoint
ALTER TABLE "tax_document_series" DROP CONSTRAINT "tax_document_series_kind_financial_year_pk";--> statement-breakpoint
ALTER TABLE "tax_document_series" ADD CONSTRAINT "tax_document_series_kind_test_mode_financial_year_pk" PRIMARY KEY("kind","test_mode","financial_year");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_idx" ON "tax_documents" USING btree ("kind","test_mode","financial_year","seq");--> statement-breakpoint
-- Decision 040. Documents issued before it for stays paid through the test gateway were numbered in
-- the real series and looked real: they become what they are, test documents in the test series
-- (in the order they were issued). A real document is never touched, and no real number is ever
-- issued twice: a document someone holds may bear it, so the real series keep their counters and
-- the numbers the test documents held stay gaps (cancelled, for the GST return). The one change
-- ever made to issued documents, so the trigger that refuses changes is set aside for it alone.
ALTER TABLE "tax_documents" DISABLE TRIGGER "tax_documents_immutable";--> statement-breakpoint
UPDATE "tax_documents" d
SET "test_mode" = true,
  "seq" = t.test_seq,
  "number" = 'TEST-' || split_part(d."number", '/', 1) || '/' || split_part(d."number", '/', 2) || '/' || lpad(t.test_seq::text, 6, '0')
FROM (
  SELECT x."id", row_number() OVER (PARTITION BY x."kind", x."financial_year" ORDER BY x."seq") AS test_seq
  FROM "tax_documents" x
  WHERE EXISTS (SELECT 1 FROM "payment_orders" o WHERE o."booking_id" = x."booking_id" AND o."provider" = 'test')
) t
WHERE d."id" = t."id";--> statement-breakpoint
ALTER TABLE "tax_documents" ENABLE TRIGGER "tax_documents_immutable";--> statement-breakpoint
INSERT INTO "tax_document_series" ("kind", "financial_year", "test_mode", "last_number")
SELECT "kind", "financial_year", true, max("seq") FROM "tax_documents" WHERE "test_mode" GROUP BY "kind", "financial_year";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_test_number_check" CHECK ("tax_documents"."test_mode" = ("tax_documents"."number" like 'TEST-%'));
