CREATE TABLE "refund_requests" (
	"key" uuid PRIMARY KEY NOT NULL,
	"mode" "mode" NOT NULL,
	"operator_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"outcome" jsonb,
	"replays" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;