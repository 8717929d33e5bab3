CREATE TABLE "protection_brands" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"maxima" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reality_check_minutes" integer DEFAULT 60 NOT NULL,
	"guarded" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"action" text NOT NULL,
	"limit" text,
	"amount" bigint,
	"detail" text,
	"by" text NOT NULL,
	"operator_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"member_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"limit" text NOT NULL,
	"own" bigint,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"operator_amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_limits_pk" PRIMARY KEY("member_id","limit")
);
--> statement-breakpoint
CREATE TABLE "protection_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"guarded" boolean DEFAULT false NOT NULL,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"set_by" text NOT NULL,
	"operator_id" integer,
	"reason" text,
	"reopen_requested_at" timestamp with time zone,
	"reopened_at" timestamp with time zone,
	"email" text,
	"mobile" text,
	"id_number" text,
	"birthday" text,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protection_brands" ADD CONSTRAINT "protection_brands_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_members" ADD CONSTRAINT "protection_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_members" ADD CONSTRAINT "protection_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_restrictions" ADD CONSTRAINT "protection_restrictions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_restrictions" ADD CONSTRAINT "protection_restrictions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_restrictions" ADD CONSTRAINT "protection_restrictions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_events_member_idx" ON "protection_events" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "protection_restrictions_member_idx" ON "protection_restrictions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "protection_restrictions_email_idx" ON "protection_restrictions" USING btree ("merchant_id","email") WHERE kind = 'exclusion' AND reopened_at IS NULL;--> statement-breakpoint
CREATE INDEX "protection_restrictions_mobile_idx" ON "protection_restrictions" USING btree ("merchant_id","mobile") WHERE kind = 'exclusion' AND reopened_at IS NULL;--> statement-breakpoint
CREATE INDEX "protection_restrictions_document_idx" ON "protection_restrictions" USING btree ("merchant_id","id_number") WHERE kind = 'exclusion' AND reopened_at IS NULL;--> statement-breakpoint
CREATE INDEX "protection_restrictions_birthday_idx" ON "protection_restrictions" USING btree ("merchant_id","birthday") WHERE kind = 'exclusion' AND reopened_at IS NULL;