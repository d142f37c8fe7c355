CREATE TYPE "public"."sync_phase" AS ENUM('idle', 'running', 'failed');--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"business_name" text,
	"marketplace_app_fee" double precision,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"amount_spent" bigint NOT NULL,
	"transactions_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"status_rank" smallint NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text,
	"payment_intent_id" text,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt_count" integer,
	"next_payment_attempt" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewals_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" text,
	"currency" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "sync_problems" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"resource" text NOT NULL,
	"record_key" text NOT NULL,
	"error" text NOT NULL,
	"raw" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" text,
	"mode" "mode" NOT NULL,
	"resource" text NOT NULL,
	"kind" text NOT NULL,
	"worker" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rows" integer DEFAULT 0 NOT NULL,
	"api_calls" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"mode" "mode" NOT NULL,
	"resource" text NOT NULL,
	"phase" "sync_phase" DEFAULT 'idle' NOT NULL,
	"kind" text,
	"cursor" text,
	"pending_watermark" timestamp with time zone,
	"watermark" timestamp with time zone,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"remote_total" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_complete_at" timestamp with time zone,
	"last_error" text,
	"owner" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_state_mode_resource_pk" PRIMARY KEY("mode","resource")
);
--> statement-breakpoint
DROP INDEX "mobile_transfers_unlinked_idx";--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "service_id" text;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "destination_phone" text;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "connected_accounts_mode_created_idx" ON "connected_accounts" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "customers_mode_created_idx" ON "customers" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "renewals_mode_created_idx" ON "renewals" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "renewals_mode_subscription_idx" ON "renewals" USING btree ("mode","subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_mode_created_idx" ON "subscriptions" USING btree ("mode","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_problems_record_key" ON "sync_problems" USING btree ("mode","resource","record_key");--> statement-breakpoint
CREATE INDEX "sync_runs_mode_resource_idx" ON "sync_runs" USING btree ("mode","resource","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mobile_transfers_mode_created_idx" ON "mobile_transfers" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_mode_created_idx" ON "payment_intents" USING btree ("mode","created_at");--> statement-breakpoint
CREATE INDEX "mobile_transfers_unlinked_idx" ON "mobile_transfers" USING btree ("mode","currency","amount","authorization_date","received_at") WHERE status in ('received', 'attempt_not_found', 'charge_not_found') and payment_intent_id is null;