CREATE INDEX "payment_orders_created_idx" ON "payment_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");