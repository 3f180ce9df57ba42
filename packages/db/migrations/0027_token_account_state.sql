ALTER TABLE "wallet_token_accounts" ADD COLUMN "lamports" numeric(20, 0);--> statement-breakpoint
ALTER TABLE "wallet_token_accounts" ADD COLUMN "frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_token_accounts" ADD COLUMN "withheld_amount" numeric(20, 0) DEFAULT '0' NOT NULL;