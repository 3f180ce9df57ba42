-- Row-level security is the second wall around tenant data (the first is the tenant-scoped
-- repositories). Tenant queries run inside a transaction that switches to the role below and sets
-- app.tenant_id; the policies then hide other tenants' rows and refuse writes into them. FORCE makes
-- the policies apply to the tables' owner too, so only a superuser or a BYPASSRLS role could see
-- across tenants, and the server refuses those in production.
DO $$
BEGIN
  CREATE ROLE fleet_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Roles are cluster-wide: another database on the same server (or a parallel migration) made it.
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT fleet_tenant TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR duplicate_object THEN
  RAISE NOTICE 'could not grant fleet_tenant to %; grant it so the server can switch to it', current_user;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO fleet_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON master_wallets, master_wallet_history, tenant_data_keys TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE master_wallets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE master_wallets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON master_wallets
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE master_wallet_history ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE master_wallet_history FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON master_wallet_history
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE tenant_data_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenant_data_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenant_data_keys
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
