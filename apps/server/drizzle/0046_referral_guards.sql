CREATE TABLE "referral_guard_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"invitee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_guard_keys_kind_ck" CHECK ("referral_guard_keys"."kind" IN ('device', 'address', 'payee'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "invitee_ip" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "invitee_device" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_guard_keys" ADD CONSTRAINT "referral_guard_keys_referrer_id_members_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_guard_keys" ADD CONSTRAINT "referral_guard_keys_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_guard_keys_uq" ON "referral_guard_keys" USING btree ("referrer_id","kind","value");--> statement-breakpoint
-- Decision 089: a held invitee (self-referral or a farm) never earns the referrer a reward, whatever code path tries.
CREATE FUNCTION "referral_rewards_not_held"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "referrals" WHERE "invitee_id" = NEW."invitee_id" AND "held_reason" IS NOT NULL) THEN
    RAISE EXCEPTION 'referral reward for held invitee %', NEW."invitee_id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "referral_rewards_not_held" BEFORE INSERT ON "referral_rewards" FOR EACH ROW EXECUTE FUNCTION "referral_rewards_not_held"();
