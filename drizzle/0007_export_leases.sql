CREATE TABLE "export_leases" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"lease_id" uuid NOT NULL,
	"list" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_leases" ADD CONSTRAINT "export_leases_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;