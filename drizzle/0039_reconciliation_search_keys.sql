-- Reconciliation's two operator searches without scanning a table (issue 13): match by hand (findIntentsToMatch) and
-- the queues' sender filter. No index on payment_intents or mobile_transfers (each cost the sync's writes): what they
-- look in is kept where the reconcile pass writes (db/queries/reconciliation.ts, refreshKeys) — a new table of every
-- intent not canceled (amount, description, and a closed intent's order numbers when it has no key row), one of the
-- customers (name key, e-mail, phone key), a column of the transfers' keys (the sender's name and digits) — and trigram
-- indexes (pg_trgm) read them. pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "reconciliation_intent_search" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"amount" bigint,
	"description" text,
	"reference_values" text[] NOT NULL,
	CONSTRAINT "reconciliation_intent_search_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
-- What the sender filter looks in: the sender's name key (rc_name), then the digits of the phone and of the id as typed
-- (the filter's own '\D' stripping), "|" between them: neither a name key nor digits hold one, so no match spans two.
CREATE FUNCTION rc_sender_text(name_key text, origin_phone text, origin_id text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(name_key, '') || '|' || regexp_replace(coalesce(origin_phone, ''), '\D', '', 'g') || '|' || regexp_replace(coalesce(origin_id, ''), '\D', '', 'g')
$$;--> statement-breakpoint
ALTER TABLE "reconciliation_transfer_keys" ADD COLUMN "sender_text" text;--> statement-breakpoint
-- The rows a pass wrote before this column: filled as refreshKeys fills it, before the index is built.
UPDATE "reconciliation_transfer_keys" k SET "sender_text" = rc_sender_text(k.sender_name, t.origin_phone, t.origin_id)
  FROM "mobile_transfers" t WHERE t.mode = k.mode AND t.sinpe_ref_number = k.sinpe_ref_number;--> statement-breakpoint
-- Every intent not canceled, as refreshKeys writes them (a full pass would add them too; here the search has them at
-- once), with its reference values when it has no key row yet (no pass has read it).
INSERT INTO "reconciliation_intent_search" (mode, id, amount, description, reference_values)
  SELECT pi.mode, pi.id, pi.amount, pi.description,
    CASE WHEN EXISTS (SELECT 1 FROM reconciliation_intent_keys k WHERE k.mode = pi.mode AND k.id = pi.id) THEN '{}' ELSE rc_reference_values(pi.id, pi.metadata) END
  FROM payment_intents pi WHERE pi.status <> 'canceled';--> statement-breakpoint
CREATE INDEX "reconciliation_intent_search_amount_idx" ON "reconciliation_intent_search" USING btree ("mode","amount");--> statement-breakpoint
CREATE INDEX "reconciliation_intent_search_references_idx" ON "reconciliation_intent_search" USING gin ("reference_values") WITH (gin_pending_list_limit=512) WHERE reference_values <> '{}';--> statement-breakpoint
CREATE INDEX "reconciliation_intent_search_description_idx" ON "reconciliation_intent_search" USING gin ("description" gin_trgm_ops) WITH (gin_pending_list_limit=512) WHERE description is not null;--> statement-breakpoint
-- The customers' name, e-mail and phone, as refreshKeys writes them (customers itself takes no index: its sync's writes).
CREATE TABLE "reconciliation_customer_search" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"name_key" text,
	"email" text,
	"phone_key" text,
	CONSTRAINT "reconciliation_customer_search_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
INSERT INTO "reconciliation_customer_search" (mode, id, name_key, email, phone_key) SELECT mode, id, name_key, email, phone_key FROM customers;--> statement-breakpoint
CREATE INDEX "reconciliation_customer_search_idx" ON "reconciliation_customer_search" USING gin ("name_key" gin_trgm_ops,"email" gin_trgm_ops,"phone_key" gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_sender_text_idx" ON "reconciliation_transfer_keys" USING gin ("sender_text" gin_trgm_ops) WITH (gin_pending_list_limit=512);
