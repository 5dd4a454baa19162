-- Old sign-in codes are deleted by their age (auth/expired.ts).
CREATE INDEX "auth_codes_created_idx" ON "auth_codes" USING btree ("created_at");