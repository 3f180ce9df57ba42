ALTER TABLE "master_wallet_history" ADD COLUMN "previous_encrypted_key" "bytea";--> statement-breakpoint
ALTER TABLE "master_wallet_history" ADD COLUMN "previous_key_algorithm" text;--> statement-breakpoint
ALTER TABLE "master_wallet_history" ADD COLUMN "previous_data_key_version" integer;--> statement-breakpoint
ALTER TABLE "master_wallet_history" ADD COLUMN "new_encrypted_key" "bytea";--> statement-breakpoint
ALTER TABLE "master_wallet_history" ADD COLUMN "new_key_algorithm" text;--> statement-breakpoint
ALTER TABLE "master_wallet_history" ADD COLUMN "new_data_key_version" integer;