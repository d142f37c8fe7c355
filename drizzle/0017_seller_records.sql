CREATE TABLE "seller_records" (
	"mode" "mode" NOT NULL,
	"account_id" text NOT NULL,
	"link_issued_at" timestamp with time zone,
	"link_expires_at" timestamp with time zone,
	"link_issued_by" uuid,
	"link_issued_by_name" text,
	"weekly_fee_enabled" boolean,
	"weekly_fee_amount" bigint,
	"weekly_fee_currency" text,
	"weekly_fee_set_at" timestamp with time zone,
	"weekly_fee_set_by_name" text,
	CONSTRAINT "seller_records_mode_account_id_pk" PRIMARY KEY("mode","account_id"),
	CONSTRAINT "seller_records_link_check" CHECK ((link_issued_at is null) = (link_expires_at is null)),
	CONSTRAINT "seller_records_fee_check" CHECK (weekly_fee_enabled is not true or (weekly_fee_amount between 1 and 2147483647 and weekly_fee_currency is not null))
);
--> statement-breakpoint
ALTER TABLE "seller_records" ADD CONSTRAINT "seller_records_link_issued_by_operators_id_fk" FOREIGN KEY ("link_issued_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;