-- The wallet list reads one row per wallet (token counts kept on the wallet) and is answered from
-- the server's memory while nothing it shows has changed (a per-tenant version). Both are kept by
-- triggers, so every writer (imports, scans, deletes, tests, scripts) keeps them right without
-- knowing about them. See docs/decisions/011-wallet-list-columns-and-version.md.
GRANT SELECT, INSERT, UPDATE ON wallet_list_versions TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE wallet_list_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_list_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wallet_list_versions
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Existing token accounts counted once. Forced row-level security applies to the table owner too,
-- so it is lifted for this statement only (the migration runs in one transaction).
ALTER TABLE wallets NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_token_accounts NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE wallets w
  SET token_account_count = c.total, funded_token_account_count = c.funded
  FROM (
    SELECT tenant_id, wallet_id, count(*)::int AS total,
      (count(*) FILTER (WHERE amount > 0))::int AS funded
    FROM wallet_token_accounts GROUP BY tenant_id, wallet_id
  ) c
  WHERE w.tenant_id = c.tenant_id AND w.id = c.wallet_id;
--> statement-breakpoint
ALTER TABLE wallets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_token_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Token counts of the given wallets, counted afresh from wallet_token_accounts: set-based, one
-- statement however many accounts a scan wrote. Unchanged counts are not written.
CREATE FUNCTION fleet_recount_token_accounts(tenant_ids uuid[], wallet_ids uuid[]) RETURNS void
  LANGUAGE sql
AS $fn$
  UPDATE wallets w
    SET token_account_count = c.total, funded_token_account_count = c.funded
    FROM (
      SELECT r.tenant_id, r.wallet_id, count(t.wallet_id)::int AS total,
        (count(t.wallet_id) FILTER (WHERE t.amount > 0))::int AS funded
      FROM (SELECT DISTINCT * FROM unnest(tenant_ids, wallet_ids) AS x(tenant_id, wallet_id)) r
      LEFT JOIN wallet_token_accounts t ON t.tenant_id = r.tenant_id AND t.wallet_id = r.wallet_id
      GROUP BY r.tenant_id, r.wallet_id
    ) c
    WHERE w.tenant_id = c.tenant_id AND w.id = c.wallet_id
      AND (w.token_account_count, w.funded_token_account_count) IS DISTINCT FROM (c.total, c.funded);
$fn$;
--> statement-breakpoint
CREATE FUNCTION fleet_token_accounts_changed() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  tenant_ids uuid[];
  wallet_ids uuid[];
BEGIN
  -- Each branch names only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tenant_id), array_agg(wallet_id) INTO tenant_ids, wallet_ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(tenant_id), array_agg(wallet_id) INTO tenant_ids, wallet_ids
      FROM (SELECT tenant_id, wallet_id FROM new_rows
            UNION SELECT tenant_id, wallet_id FROM old_rows) changed;
  ELSE
    SELECT array_agg(tenant_id), array_agg(wallet_id) INTO tenant_ids, wallet_ids FROM old_rows;
  END IF;
  IF wallet_ids IS NOT NULL THEN
    PERFORM fleet_recount_token_accounts(tenant_ids, wallet_ids);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_counted_on_insert
  AFTER INSERT ON wallet_token_accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_counted_on_update
  AFTER UPDATE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_counted_on_delete
  AFTER DELETE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_changed();
--> statement-breakpoint
-- One bump per tenant per transaction, at commit: a deferred trigger takes the version row's lock
-- as the transaction's last act, so two writers of one tenant never deadlock over it and hold it
-- only for the commit. The change and the new version become visible together.
CREATE FUNCTION fleet_bump_wallet_list_version() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  tenant uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
BEGIN
  IF current_setting('fleet.wallet_list_bumped', true) IS DISTINCT FROM tenant::text THEN
    INSERT INTO wallet_list_versions AS v (tenant_id, version) VALUES (tenant, 1)
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
    PERFORM set_config('fleet.wallet_list_bumped', tenant::text, true);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Everything the wallet list shows: the wallets, their token accounts, tags and group memberships,
-- the seed vaults (labels), the import batches (the latest one's badges) and the master wallet.
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY['wallets', 'wallet_token_accounts', 'wallet_tags',
    'wallet_group_members', 'seed_groups', 'import_batches', 'master_wallets']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER wallet_list_changed
      AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION fleet_bump_wallet_list_version()', shown);
  END LOOP;
END
$$;
