CREATE TABLE "renewal_follow_ups" (
	"failure_id" bigint PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"assigned_to" uuid,
	"assigned_at" timestamp with time zone,
	"last_contact_kind" text,
	"last_contact_note" text,
	"last_contact_at" timestamp with time zone,
	"promised_by" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "first_failed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows from before this column: their last attempt is the closest time known of their failure.
UPDATE "renewal_failures" SET "first_failed_at" = coalesce("last_payment_attempt", "first_failed_at");--> statement-breakpoint
ALTER TABLE "renewal_follow_ups" ADD CONSTRAINT "renewal_follow_ups_failure_id_renewal_failures_id_fk" FOREIGN KEY ("failure_id") REFERENCES "public"."renewal_failures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_follow_ups" ADD CONSTRAINT "renewal_follow_ups_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_follow_ups_assigned_idx" ON "renewal_follow_ups" USING btree ("mode","assigned_to");--> statement-breakpoint
CREATE INDEX "renewal_failures_next_attempt_idx" ON "renewal_failures" USING btree ("mode","next_payment_attempt","id");--> statement-breakpoint
CREATE INDEX "renewal_failures_first_failed_idx" ON "renewal_failures" USING btree ("mode","first_failed_at");