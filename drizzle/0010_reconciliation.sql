CREATE TYPE "public"."reconciliation_rule" AS ENUM('linked_by_service', 'reference_in_description', 'amount_and_sender', 'split_payment', 'manual');--> statement-breakpoint
CREATE TYPE "public"."reconciliation_state" AS ENUM('suggested', 'confirmed', 'rejected', 'accepted_unmatched', 'undone');--> statement-breakpoint
CREATE TABLE "reconciliation_match_transfers" (
	"match_id" bigint NOT NULL,
	"mode" "mode" NOT NULL,
	"state" "reconciliation_state" NOT NULL,
	"sinpe_ref_number" text NOT NULL,
	CONSTRAINT "reconciliation_match_transfers_match_id_sinpe_ref_number_pk" PRIMARY KEY("match_id","sinpe_ref_number")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"state" "reconciliation_state" NOT NULL,
	"rule" "reconciliation_rule" NOT NULL,
	"payment_intent_id" text,
	"transfer_key" text NOT NULL,
	"transfer_count" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"intent_amount" bigint,
	"score" smallint,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transfer_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text,
	"undone_state" "reconciliation_state",
	"undone_by" uuid,
	"undone_at" timestamp with time zone,
	CONSTRAINT "reconciliation_matches_id_mode_state_key" UNIQUE("id","mode","state"),
	CONSTRAINT "reconciliation_matches_intent_check" CHECK (payment_intent_id is not null or rule = 'manual'),
	CONSTRAINT "reconciliation_matches_score_check" CHECK (score between 0 and 100),
	CONSTRAINT "reconciliation_matches_note_check" CHECK (state <> 'accepted_unmatched' or length(trim(note)) > 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (rc_phone(phone)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_key" text GENERATED ALWAYS AS (rc_name(name)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "paid_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(authorization_date, created_at, received_at)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "sender_phone" text GENERATED ALWAYS AS (rc_phone(origin_phone)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "sender_id" text GENERATED ALWAYS AS (rc_sender_id(origin_id)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "sender_name" text GENERATED ALWAYS AS (rc_name(origin_name)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "sender_key" text GENERATED ALWAYS AS (rc_sender_key(origin_id, origin_phone, origin_name)) STORED;--> statement-breakpoint
ALTER TABLE "mobile_transfers" ADD COLUMN "description_tokens" text[] GENERATED ALWAYS AS (rc_description_tokens(description)) STORED;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "reference_values" text[] GENERATED ALWAYS AS (rc_reference_values(id, metadata)) STORED;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "metadata_sender_ids" text[] GENERATED ALWAYS AS (rc_metadata_sender_ids(metadata)) STORED;--> statement-breakpoint
ALTER TABLE "reconciliation_match_transfers" ADD CONSTRAINT "reconciliation_match_transfers_match_id_mode_state_reconciliation_matches_id_mode_state_fk" FOREIGN KEY ("match_id","mode","state") REFERENCES "public"."reconciliation_matches"("id","mode","state") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reconciliation_match_transfers" ADD CONSTRAINT "reconciliation_match_transfers_mode_sinpe_ref_number_mobile_transfers_mode_sinpe_ref_number_fk" FOREIGN KEY ("mode","sinpe_ref_number") REFERENCES "public"."mobile_transfers"("mode","sinpe_ref_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD CONSTRAINT "reconciliation_matches_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_matches" ADD CONSTRAINT "reconciliation_matches_undone_by_operators_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_match_transfers_settled_key" ON "reconciliation_match_transfers" USING btree ("mode","sinpe_ref_number") WHERE state in ('confirmed', 'accepted_unmatched');--> statement-breakpoint
CREATE INDEX "reconciliation_match_transfers_transfer_idx" ON "reconciliation_match_transfers" USING btree ("mode","sinpe_ref_number","state");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_matches_intent_confirmed_key" ON "reconciliation_matches" USING btree ("mode","payment_intent_id") WHERE state = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_matches_suggestion_key" ON "reconciliation_matches" USING btree ("mode","payment_intent_id","transfer_key") WHERE state = 'suggested';--> statement-breakpoint
CREATE INDEX "reconciliation_matches_queue_idx" ON "reconciliation_matches" USING btree ("mode","state","transfer_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reconciliation_matches_intent_idx" ON "reconciliation_matches" USING btree ("mode","payment_intent_id");--> statement-breakpoint
CREATE INDEX "mobile_transfers_open_sender_idx" ON "mobile_transfers" USING btree ("mode","sender_key","currency","paid_at") WHERE status in ('received', 'attempt_not_found', 'charge_not_found') and payment_intent_id is null;--> statement-breakpoint
CREATE INDEX "payment_intents_references_idx" ON "payment_intents" USING gin ("reference_values") WHERE status not in ('succeeded', 'refunded', 'canceled');--> statement-breakpoint
CREATE INDEX "payment_intents_awaiting_idx" ON "payment_intents" USING btree ("mode","currency","amount","created_at") WHERE status in ('processing', 'requires_payment_method', 'requires_confirmation', 'requires_action');