CREATE TABLE "wallet_compressed_assets" (
	"tenant_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"tree" text,
	"collection" text,
	"name" text,
	"symbol" text,
	"image" text,
	"scanned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_compressed_assets_tenant_id_asset_id_pk" PRIMARY KEY("tenant_id","asset_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_compressed_assets" ADD CONSTRAINT "wallet_compressed_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_compressed_assets" ADD CONSTRAINT "wallet_compressed_assets_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_compressed_assets_wallet_idx" ON "wallet_compressed_assets" USING btree ("tenant_id","wallet_id");--> statement-breakpoint
-- The compressed NFTs a scan found (issue 20): a tenant table under the same second wall as the
-- wallets (see 0004 and decision 006). fleet_app has it through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON wallet_compressed_assets TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE wallet_compressed_assets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_compressed_assets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wallet_compressed_assets
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
