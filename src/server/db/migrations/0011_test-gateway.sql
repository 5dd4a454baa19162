CREATE TABLE "test_gateway_account" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_id" text NOT NULL,
	"key_secret" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_account_single" CHECK ("test_gateway_account"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "test_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"notes" text DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_orders_amount" CHECK ("test_gateway_orders"."amount" >= 100),
	CONSTRAINT "test_gateway_orders_status" CHECK ("test_gateway_orders"."status" in ('created', 'attempted', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_payments_refunded" CHECK ("test_gateway_payments"."amount_refunded" between 0 and "test_gateway_payments"."amount"),
	CONSTRAINT "test_gateway_payments_status" CHECK ("test_gateway_payments"."status" in ('captured', 'failed', 'refunded')),
	CONSTRAINT "test_gateway_payments_method" CHECK ("test_gateway_payments"."method" in ('upi', 'card'))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"notes" text DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_refunds_amount" CHECK ("test_gateway_refunds"."amount" > 0),
	CONSTRAINT "test_gateway_refunds_status" CHECK ("test_gateway_refunds"."status" in ('pending', 'processed'))
);
--> statement-breakpoint
CREATE TABLE "test_gateway_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_webhooks_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD CONSTRAINT "test_gateway_payments_order_id_test_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."test_gateway_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_gateway_refunds" ADD CONSTRAINT "test_gateway_refunds_payment_id_test_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_gateway_payments_order_idx" ON "test_gateway_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "test_gateway_refunds_payment_idx" ON "test_gateway_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "test_gateway_webhooks_due_idx" ON "test_gateway_webhooks" USING btree ("next_attempt_at") WHERE delivered_at is null;