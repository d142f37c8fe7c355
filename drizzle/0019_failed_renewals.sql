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
ALTER TABLE "renewal_failures" ADD COLUMN "renewal_id" text;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "renewal_status" text;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "renewal_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "state" text GENERATED ALWAYS AS (case when (resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid') then 'recovered' when (next_payment_attempt is null or invoice_status in ('uncollectible', 'void') or coalesce(renewal_status, '') in ('uncollectible', 'void')) then 'exhausted' else 'retrying' end) STORED;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "state_changed_at" timestamp with time zone GENERATED ALWAYS AS (case
  when (resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid') then coalesce(resolved_at, renewal_synced_at, last_payment_attempt)
  when next_payment_attempt is not null and invoice_status not in ('uncollectible', 'void') and coalesce(renewal_status, '') in ('uncollectible', 'void') then renewal_synced_at
  else last_payment_attempt end) STORED;--> statement-breakpoint
ALTER TABLE "renewal_follow_ups" ADD CONSTRAINT "renewal_follow_ups_failure_id_renewal_failures_id_fk" FOREIGN KEY ("failure_id") REFERENCES "public"."renewal_failures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_follow_ups" ADD CONSTRAINT "renewal_follow_ups_assigned_to_operators_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_follow_ups_assigned_idx" ON "renewal_follow_ups" USING btree ("mode","assigned_to");--> statement-breakpoint
CREATE INDEX "renewal_failures_next_attempt_idx" ON "renewal_failures" USING btree ("mode",(case state when 'retrying' then 0 when 'exhausted' then 1 else 2 end),"next_payment_attempt","last_payment_attempt" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "renewal_failures_at_risk_idx" ON "renewal_failures" USING btree ("mode",(case when state = 'recovered' then null else amount end) desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "renewal_failures_state_idx" ON "renewal_failures" USING btree ("mode","state","currency","amount");--> statement-breakpoint
CREATE INDEX "renewal_failures_recovered_idx" ON "renewal_failures" USING btree ("mode","state_changed_at") WHERE state = 'recovered';--> statement-breakpoint
CREATE INDEX "renewal_failures_first_failed_idx" ON "renewal_failures" USING btree ("mode","first_failed_at");--> statement-breakpoint
-- Rows from before first_failed_at: their last attempt is the closest time known of their failure.
UPDATE "renewal_failures" SET "first_failed_at" = coalesce("last_payment_attempt", "first_failed_at");
--> statement-breakpoint
-- The synced renewal of a failure's subscription and period, copied onto the failure (db/schema.ts says why): when the
-- sync writes renewals (per statement: a page of them at once), and when a failure is first stored.
CREATE FUNCTION rf_copy_renewals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE renewal_failures rf
  SET renewal_id = n.id, renewal_status = n.status, amount = n.total, renewal_synced_at = n.synced_at
  FROM new_renewals n
  WHERE rf.mode = n.mode AND rf.subscription_id = n.subscription_id AND rf.invoice_period_start = n.period_start
    AND (rf.renewal_id IS DISTINCT FROM n.id OR rf.renewal_status IS DISTINCT FROM n.status OR rf.amount IS DISTINCT FROM n.total);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER renewals_inserted_to_failures AFTER INSERT ON renewals REFERENCING NEW TABLE AS new_renewals FOR EACH STATEMENT EXECUTE FUNCTION rf_copy_renewals();
--> statement-breakpoint
CREATE TRIGGER renewals_updated_to_failures AFTER UPDATE ON renewals REFERENCING NEW TABLE AS new_renewals FOR EACH STATEMENT EXECUTE FUNCTION rf_copy_renewals();
--> statement-breakpoint
CREATE FUNCTION rf_take_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.id, r.status, r.total, r.synced_at INTO NEW.renewal_id, NEW.renewal_status, NEW.amount, NEW.renewal_synced_at
  FROM renewals r WHERE r.mode = NEW.mode AND r.subscription_id = NEW.subscription_id AND r.period_start = NEW.invoice_period_start;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER failures_take_renewal BEFORE INSERT ON renewal_failures FOR EACH ROW EXECUTE FUNCTION rf_take_renewal();
--> statement-breakpoint
UPDATE renewal_failures rf SET renewal_id = r.id, renewal_status = r.status, amount = r.total, renewal_synced_at = r.synced_at
FROM renewals r WHERE rf.mode = r.mode AND rf.subscription_id = r.subscription_id AND rf.invoice_period_start = r.period_start;
