DROP INDEX "provider_transactions_round_idx";--> statement-breakpoint
ALTER TABLE "provider_transactions" DROP COLUMN "round_pk";