CREATE TABLE "reconciliation_queue_counts" (
	"mode" "mode" NOT NULL,
	"queue" text NOT NULL,
	"currency" text,
	"hour" integer NOT NULL,
	"n" bigint NOT NULL,
	"amount" bigint
);
--> statement-breakpoint
CREATE INDEX "reconciliation_queue_counts_key_idx" ON "reconciliation_queue_counts" USING btree ("mode","queue","currency","hour");