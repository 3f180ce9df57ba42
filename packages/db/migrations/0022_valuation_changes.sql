CREATE TABLE "wallet_changes" (
	"tenant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"changed_by" bigint NOT NULL,
	CONSTRAINT "wallet_changes_tenant_id_wallet_id_pk" PRIMARY KEY("tenant_id","wallet_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_changes" ADD CONSTRAINT "wallet_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_changes_changed_by_idx" ON "wallet_changes" USING btree ("tenant_id","changed_by");--> statement-breakpoint
-- The valuation keeps each tenant's holdings in memory and, when the wallet-list version moves,
-- reads only the wallets changed since what it kept (decision 031). Sequence numbers or times
-- written by a trigger are not commit-ordered (a transaction can take a lower number and commit
-- later), so a change is marked with its transaction's id and a reader asks for the marks its
-- snapshot did not see: `NOT pg_visible_in_snapshot(changed_by, kept)`. Same second wall as the
-- wallets (0002, 0009; decision 006).
GRANT SELECT, INSERT, UPDATE ON wallet_changes TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE wallet_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wallet_changes
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- One set-based upsert per statement. A row already marked by this transaction is left alone (it
-- is still locked, as any upsert's row), so a scan or an import that writes one wallet in several
-- statements writes its mark once.
CREATE FUNCTION fleet_note_wallet_changes(tenant_ids uuid[], wallet_ids uuid[]) RETURNS void
  LANGUAGE sql
AS $fn$
  INSERT INTO wallet_changes AS c (tenant_id, wallet_id, changed_by)
    SELECT DISTINCT x.tenant_id, x.wallet_id, pg_current_xact_id()::text::bigint
    FROM unnest(tenant_ids, wallet_ids) AS x(tenant_id, wallet_id)
    -- One order for every writer, so two writers' marks do not lock rows crosswise.
    ORDER BY x.tenant_id, x.wallet_id
    ON CONFLICT (tenant_id, wallet_id) DO UPDATE SET changed_by = excluded.changed_by
      WHERE c.changed_by IS DISTINCT FROM excluded.changed_by;
$fn$;
--> statement-breakpoint
CREATE FUNCTION fleet_wallets_changed() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  tenant_ids uuid[];
  wallet_ids uuid[];
BEGIN
  -- Each branch names only the transition tables its trigger declares. A wallet's id never
  -- changes, so an update's new rows name every wallet it touched.
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(id) INTO tenant_ids, wallet_ids FROM old_rows;
  ELSE
    SELECT array_agg(tenant_id), array_agg(id) INTO tenant_ids, wallet_ids FROM new_rows;
  END IF;
  IF wallet_ids IS NOT NULL THEN
    PERFORM fleet_note_wallet_changes(tenant_ids, wallet_ids);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION fleet_token_accounts_noted() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  tenant_ids uuid[];
  wallet_ids uuid[];
BEGIN
  -- An update may move an account to another wallet: both wallets changed.
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
    PERFORM fleet_note_wallet_changes(tenant_ids, wallet_ids);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER wallets_noted_on_insert
  AFTER INSERT ON wallets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_wallets_changed();
--> statement-breakpoint
CREATE TRIGGER wallets_noted_on_update
  AFTER UPDATE ON wallets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_wallets_changed();
--> statement-breakpoint
CREATE TRIGGER wallets_noted_on_delete
  AFTER DELETE ON wallets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_wallets_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_noted_on_insert
  AFTER INSERT ON wallet_token_accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_noted();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_noted_on_update
  AFTER UPDATE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_noted();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_noted_on_delete
  AFTER DELETE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_noted();
