CREATE TABLE "wallet_list_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "wallets_active_idx";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "token_account_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "funded_token_account_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_list_versions" ADD CONSTRAINT "wallet_list_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallets_active_idx" ON "wallets" USING btree ("tenant_id","created_at","id") WHERE "wallets"."archived_at" is null;