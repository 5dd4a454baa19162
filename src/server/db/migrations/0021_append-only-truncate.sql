-- The ledger and the issued tax documents refused UPDATE and DELETE row by row (0012, 0015), but a
-- row trigger does not fire for TRUNCATE, which emptied either table at a stroke (and with it, by
-- TRUNCATE ... CASCADE from bookings). A statement trigger refuses it, with the same message.
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_truncate" BEFORE TRUNCATE ON "tax_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION tax_documents_immutable();
