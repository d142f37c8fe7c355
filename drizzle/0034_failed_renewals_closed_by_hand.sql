-- A failed renewal closed by hand (lib/renewals/closure.ts): who, when, why and a note, on the failure's row, and a
-- fourth state, "closed", in the one definition of db/queries/renewal-failure-state.ts. PostgreSQL 15 cannot change a
-- generated column's expression: state and state_changed_at are dropped and added again (a rewrite of the table),
-- after the closure's columns they read, and every index over them is created again (dropping a column drops them
-- silently; drizzle-kit's own output recreated only the two whose expression changed, and in an order that fails).
ALTER TABLE "renewal_failures" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD CONSTRAINT "renewal_failures_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD CONSTRAINT "renewal_failures_closure_check" CHECK ((closed_at is null and close_reason is null and close_note is null and closed_by is null) or (closed_at is not null and close_reason is not null and length(trim(close_note)) > 0));--> statement-breakpoint
DROP INDEX "renewal_failures_next_attempt_idx";--> statement-breakpoint
DROP INDEX "renewal_failures_amount_idx";--> statement-breakpoint
DROP INDEX "renewal_failures_state_idx";--> statement-breakpoint
DROP INDEX "renewal_failures_recovered_idx";--> statement-breakpoint
ALTER TABLE "renewal_failures" drop column "state_changed_at";--> statement-breakpoint
ALTER TABLE "renewal_failures" drop column "state";--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "state" text GENERATED ALWAYS AS (case when (resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid') then 'recovered' when (closed_at is not null) then 'closed' when (next_payment_attempt is null or invoice_status in ('uncollectible', 'void') or coalesce(renewal_status, '') in ('uncollectible', 'void')) then 'exhausted' else 'retrying' end) STORED;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD COLUMN "state_changed_at" timestamp with time zone GENERATED ALWAYS AS (case
  when (resolved_at is not null or invoice_status = 'paid' or coalesce(renewal_status, '') = 'paid') then coalesce(resolved_at, renewal_synced_at, last_payment_attempt)
  when (closed_at is not null) then closed_at
  when next_payment_attempt is not null and invoice_status not in ('uncollectible', 'void') and coalesce(renewal_status, '') in ('uncollectible', 'void') then renewal_synced_at
  else last_payment_attempt end) STORED;--> statement-breakpoint
CREATE INDEX "renewal_failures_next_attempt_idx" ON "renewal_failures" USING btree ("mode",(case state when 'retrying' then 0 when 'exhausted' then 1 when 'closed' then 2 else 3 end),"next_payment_attempt","last_payment_attempt" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "renewal_failures_amount_idx" ON "renewal_failures" USING btree ("mode",(state in ('recovered', 'closed')),(case upper(currency) when 'CRC' then 0 when 'USD' then 1 else 2 end),upper(currency),amount desc nulls last,id desc nulls last);--> statement-breakpoint
CREATE INDEX "renewal_failures_state_idx" ON "renewal_failures" USING btree ("mode","state","currency","amount");--> statement-breakpoint
CREATE INDEX "renewal_failures_recovered_idx" ON "renewal_failures" USING btree ("mode","state_changed_at") WHERE state = 'recovered';
