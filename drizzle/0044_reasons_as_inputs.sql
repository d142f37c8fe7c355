-- A suggestion's reasons stored as their inputs (db/queries/reconciliation.ts SCORED), not as JSON: a full pass built
-- and parsed a JSON array for every suggestion it wrote (at 100,000 transfers about a third of its "reasons and
-- scores" statement, and a fifth of each suggestion's row). rc_reasons(m) builds them on read, as the pass used to,
-- in the same order; a row with reasons stored (a decision, or a suggestion a pass before this one wrote) keeps them.
ALTER TABLE "reconciliation_matches" ALTER COLUMN "reasons" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_id_value" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_meta_key" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_meta_value" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_phone" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_sender_id" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_name" text;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_hours" integer;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD COLUMN "reason_candidates" integer;--> statement-breakpoint
CREATE FUNCTION rc_reasons(m reconciliation_matches) RETURNS jsonb LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(m.reasons, ('[' || concat_ws(',',
    CASE WHEN m.reason_id_value IS NOT NULL THEN '{"code":"intent_id_in_description","value":' || to_json(m.reason_id_value) || '}' END,
    CASE WHEN m.reason_meta_value IS NOT NULL THEN '{"code":"metadata_in_description","key":' || to_json(m.reason_meta_key) || ',"value":' || to_json(m.reason_meta_value) || '}' END,
    CASE WHEN m.amount = m.intent_amount THEN '{"code":"same_amount","amount":' || m.amount || ',"currency":' || to_json(m.currency) || '}'
         ELSE '{"code":"amount_difference","difference":' || (m.amount - m.intent_amount) || ',"currency":' || to_json(m.currency) || '}' END,
    CASE WHEN m.reason_phone IS NOT NULL THEN '{"code":"sender_phone_is_customer","phone":' || to_json(m.reason_phone) || '}' END,
    CASE WHEN m.reason_sender_id IS NOT NULL THEN '{"code":"sender_id_in_metadata","key":' || to_json(split_part(m.reason_sender_id, '|', 2)) || ',"id":' || to_json(split_part(m.reason_sender_id, '|', 1)) || '}' END,
    CASE WHEN m.reason_name IS NOT NULL THEN '{"code":"sender_name_is_customer","name":' || to_json(m.reason_name) || '}' END,
    CASE WHEN m.transfer_count > 1 THEN '{"code":"split_transfers","count":' || m.transfer_count || ',"total":' || m.amount || ',"currency":' || to_json(m.currency) || '}' END,
    CASE WHEN m.reason_hours IS NOT NULL THEN '{"code":"within_window","hours":' || m.reason_hours || '}' END,
    CASE WHEN m.reason_candidates IS NOT NULL THEN '{"code":"several_candidates","count":' || m.reason_candidates || '}' END
  ) || ']')::jsonb)
$$;
