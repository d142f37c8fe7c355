CREATE TYPE "public"."mode" AS ENUM('test', 'live');--> statement-breakpoint
CREATE TYPE "public"."transfer_source" AS ENUM('webhook', 'sync');--> statement-breakpoint
CREATE TYPE "public"."webhook_event_status" AS ENUM('processed', 'invalid', 'unrecognized', 'failed');--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"mode" "mode" NOT NULL,
	"url" text NOT NULL,
	"payment_status" text NOT NULL,
	"currency" text NOT NULL,
	"amount_total" bigint NOT NULL,
	"customer_id" text,
	"metadata" jsonb,
	"line_items" jsonb NOT NULL,
	"created_at" timestamp with time zone,
	"event_id" bigint,
	CONSTRAINT "checkout_sessions_mode_url_pk" PRIMARY KEY("mode","url")
);
--> statement-breakpoint
CREATE TABLE "event_subjects" (
	"event_id" bigint NOT NULL,
	"mode" "mode" NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_transfers" (
	"mode" "mode" NOT NULL,
	"sinpe_ref_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"origin_id" text,
	"origin_name" text,
	"origin_phone" text,
	"description" text,
	"authorization_date" timestamp with time zone,
	"status" text,
	"payment_intent_id" text,
	"source" "transfer_source" NOT NULL,
	"event_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_transfers_mode_sinpe_ref_number_pk" PRIMARY KEY("mode","sinpe_ref_number")
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"status_rank" smallint NOT NULL,
	"amount" bigint,
	"currency" text,
	"customer_id" text,
	"description" text,
	"metadata" jsonb,
	"last_error" jsonb,
	"conflict" text,
	"created_at" timestamp with time zone,
	"last_event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "renewal_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"subscription_id" text NOT NULL,
	"invoice_period_start" timestamp with time zone NOT NULL,
	"invoice_period_end" timestamp with time zone,
	"attempt_count" integer NOT NULL,
	"invoice_status" text NOT NULL,
	"subscription_status" text,
	"next_payment_attempt" timestamp with time zone,
	"last_payment_attempt" timestamp with time zone,
	"payment_intent_id" text,
	"customer_id" text,
	"customer_name" text,
	"currency" text,
	"error_code" text,
	"error_message" text,
	"last_event_id" bigint,
	"resolved_at" timestamp with time zone,
	"resolved_by_event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"type" text,
	"dedupe_key" text NOT NULL,
	"status" "webhook_event_status" NOT NULL,
	"error" text,
	"raw_body" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"last_duplicate_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_subjects" ADD CONSTRAINT "event_subjects_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD CONSTRAINT "mobile_transfers_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD CONSTRAINT "renewal_failures_last_event_id_webhook_events_id_fk" FOREIGN KEY ("last_event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD CONSTRAINT "renewal_failures_resolved_by_event_id_webhook_events_id_fk" FOREIGN KEY ("resolved_by_event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_subjects_timeline_idx" ON "event_subjects" USING btree ("mode","subject_type","subject_id","occurred_at","event_id");--> statement-breakpoint
CREATE INDEX "mobile_transfers_mode_received_idx" ON "mobile_transfers" USING btree ("mode","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mobile_transfers_mode_amount_idx" ON "mobile_transfers" USING btree ("mode","currency","amount");--> statement-breakpoint
CREATE INDEX "mobile_transfers_mode_intent_idx" ON "mobile_transfers" USING btree ("mode","payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_intents_mode_customer_idx" ON "payment_intents" USING btree ("mode","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_failures_period_key" ON "renewal_failures" USING btree ("mode","subscription_id","invoice_period_start");--> statement-breakpoint
CREATE INDEX "renewal_failures_open_idx" ON "renewal_failures" USING btree ("mode","resolved_at","last_payment_attempt" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_mode_dedupe_key" ON "webhook_events" USING btree ("mode","dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_events_attention_idx" ON "webhook_events" USING btree ("mode","status","id" DESC NULLS LAST) WHERE status <> 'processed';