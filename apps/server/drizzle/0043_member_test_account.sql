ALTER TABLE "members" ADD COLUMN "test_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "members_test_idx" ON "members" USING btree ("merchant_id") WHERE test_account;