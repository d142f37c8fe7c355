CREATE TYPE "public"."reconciliation_period_kind" AS ENUM('day', 'week', 'month');--> statement-breakpoint
CREATE TABLE "reconciliation_closures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"currency" text NOT NULL,
	"kind" "reconciliation_period_kind" NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	"closed_by" uuid NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopen_note" text,
	CONSTRAINT "reconciliation_closures_span_check" CHECK (starts_at < ends_at),
	CONSTRAINT "reconciliation_closures_reopen_check" CHECK (reopened_at is null or length(trim(reopen_note)) > 0)
);
--> statement-breakpoint
ALTER TABLE "reconciliation_closures" ADD CONSTRAINT "reconciliation_closures_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_closures" ADD CONSTRAINT "reconciliation_closures_reopened_by_operators_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_closures_open_key" ON "reconciliation_closures" USING btree ("mode","currency","kind","from_day") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "reconciliation_closures_span_idx" ON "reconciliation_closures" USING btree ("mode","currency","starts_at","ends_at") WHERE reopened_at is null;--> statement-breakpoint
CREATE INDEX "mobile_transfers_mode_currency_paid_idx" ON "mobile_transfers" USING btree ("mode","currency","paid_at");