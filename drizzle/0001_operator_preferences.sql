CREATE TABLE "operator_preferences" (
	"operator_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_preferences_operator_id_key_pk" PRIMARY KEY("operator_id","key")
);
--> statement-breakpoint
ALTER TABLE "operator_preferences" ADD CONSTRAINT "operator_preferences_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;