ALTER TABLE "merchants" ADD COLUMN "winners_min_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "winners_min_multiple" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_wins" ADD COLUMN "stake_amount" bigint;