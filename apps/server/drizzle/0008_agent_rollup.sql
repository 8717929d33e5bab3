CREATE TABLE "agent_rollup_cursors" (
	"merchant_id" integer NOT NULL,
	"source" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_rollup_cursors_merchant_id_source_pk" PRIMARY KEY("merchant_id","source")
);
--> statement-breakpoint
ALTER TABLE "agent_rollup_cursors" ADD CONSTRAINT "agent_rollup_cursors_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;