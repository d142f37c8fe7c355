-- Reconciliation's keys leave the sync's write path: the generated columns and indexes 0009/0010 put on
-- mobile_transfers and payment_intents made every synced page cost twice its database CPU (bench:sync). The keys now
-- live in two narrow tables the reconcile pass fills for the rows it reads (db/queries/reconciliation.ts); paid_at and
-- sender_phone stay on mobile_transfers, which the reconciliation queues show and sort by.
CREATE TABLE "reconciliation_intent_keys" (
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"reference_values" text[] NOT NULL,
	"metadata_sender_ids" text[] NOT NULL,
	CONSTRAINT "reconciliation_intent_keys_mode_id_pk" PRIMARY KEY("mode","id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_transfer_keys" (
	"mode" "mode" NOT NULL,
	"sinpe_ref_number" text NOT NULL,
	"sender_id" text,
	"sender_name" text,
	"sender_phone" text,
	"sender_key" text,
	"tokens" text[] NOT NULL,
	CONSTRAINT "reconciliation_transfer_keys_mode_sinpe_ref_number_pk" PRIMARY KEY("mode","sinpe_ref_number")
);
--> statement-breakpoint
DROP INDEX "mobile_transfers_open_sender_idx";--> statement-breakpoint
DROP INDEX "payment_intents_references_idx";--> statement-breakpoint
CREATE INDEX "reconciliation_intent_keys_references_idx" ON "reconciliation_intent_keys" USING gin ("reference_values");--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_sender_idx" ON "reconciliation_transfer_keys" USING btree ("mode","sender_key");--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_tokens_idx" ON "reconciliation_transfer_keys" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_phone_idx" ON "reconciliation_transfer_keys" USING btree ("mode","sender_phone");--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_name_idx" ON "reconciliation_transfer_keys" USING btree ("mode","sender_name");--> statement-breakpoint
CREATE INDEX "reconciliation_transfer_keys_id_idx" ON "reconciliation_transfer_keys" USING btree ("mode","sender_id");--> statement-breakpoint
ALTER TABLE "mobile_transfers" DROP COLUMN "sender_id";--> statement-breakpoint
ALTER TABLE "mobile_transfers" DROP COLUMN "sender_name";--> statement-breakpoint
ALTER TABLE "mobile_transfers" DROP COLUMN "sender_key";--> statement-breakpoint
ALTER TABLE "mobile_transfers" DROP COLUMN "description_tokens";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "reference_values";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "metadata_sender_ids";