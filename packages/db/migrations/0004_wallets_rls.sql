-- The fleet's tables get the same second wall as the master wallet (see 0002 and decision 006).
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON seed_groups, import_batches, wallets, wallet_token_accounts TO fleet_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON mints TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE seed_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE seed_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON seed_groups
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE import_batches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_batches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_batches
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE wallets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wallets
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE wallet_token_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_token_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wallet_token_accounts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
