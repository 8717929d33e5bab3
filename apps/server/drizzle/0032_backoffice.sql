CREATE TABLE "member_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_logins_ip_idx" ON "member_logins" USING btree ("merchant_id","ip");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "members_mobile_idx" ON "members" USING btree ("merchant_id","mobile");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("merchant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "members_payee_idx" ON "members" USING btree ("merchant_id",lower("payee_name"));--> statement-breakpoint
CREATE INDEX "operator_audit_target_idx" ON "operator_audit" USING btree ("merchant_id","target","id");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_merchant_created_idx" ON "ledger_transactions" USING btree ("merchant_id","created_at");--> statement-breakpoint
-- The operators' audit log is append-only in the database itself (decision 069): no statement may
-- change or remove an entry, whatever the code does.
CREATE OR REPLACE FUNCTION operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only' USING ERRCODE = 'AU403';
END $$;--> statement-breakpoint
CREATE TRIGGER operator_audit_append_only BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();--> statement-breakpoint
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
