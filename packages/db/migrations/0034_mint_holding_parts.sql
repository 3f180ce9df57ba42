CREATE TABLE "mint_holding_parts" (
	"tenant_id" uuid NOT NULL,
	"mint" text NOT NULL,
	"accounts" bigint NOT NULL,
	"funded" bigint NOT NULL,
	"holders" bigint NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mint_holding_parts" ADD CONSTRAINT "mint_holding_parts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mint_holding_parts_tenant_idx" ON "mint_holding_parts" USING btree ("tenant_id","mint");
--> statement-breakpoint
-- The Tokens Overview's sums per mint, kept by triggers as the wallet list's counts are (0009),
-- so every writer keeps them right without knowing about them (decision 034). Each statement
-- appends the parts it changed; readers sum them and fold them now and then. Same second wall as
-- the wallets (0002, 0009; decision 006).
-- UPDATE only for the fold's row locks (`for update skip locked`); no part is ever updated.
GRANT SELECT, INSERT, UPDATE, DELETE ON mint_holding_parts TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE mint_holding_parts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mint_holding_parts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON mint_holding_parts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Token account rows that left (sign -1) or arrived (sign +1) in one statement, as parallel
-- arrays. Rows of archived wallets count for nothing. A wallet holds a mint when one of its
-- accounts of it has a balance: the table as the statement left it says whether it holds it now,
-- and the statement's own rows say how many funded accounts it had before.
CREATE FUNCTION fleet_note_mint_holdings(
  tenant_ids uuid[], wallet_ids uuid[], mints text[], amounts numeric[], signs integer[]
) RETURNS void
  LANGUAGE sql
AS $fn$
  WITH moved AS (
    SELECT x.* FROM unnest(tenant_ids, wallet_ids, mints, amounts, signs)
      AS x(tenant_id, wallet_id, mint, amount, sign)
    -- Key lookups, one a row: as a semi-join, PGlite's planner (no statistics) hashed every
    -- wallet of the tenant for each statement.
    CROSS JOIN LATERAL (
      SELECT 1 FROM wallets w WHERE w.id = x.wallet_id AND w.archived_at IS NULL LIMIT 1
    ) active
  ), pairs AS (
    SELECT tenant_id, wallet_id, mint,
      coalesce(sum(sign) FILTER (WHERE amount > 0), 0) AS funded_moved
    FROM moved GROUP BY tenant_id, wallet_id, mint
  ), held AS (
    SELECT p.tenant_id, p.mint,
      sum((present.funded > 0)::int - (present.funded - p.funded_moved > 0)::int) AS holders
    FROM pairs p CROSS JOIN LATERAL (
      -- By the wallet's index (a few accounts), not the mint's (every holder of the mint).
      SELECT count(*) FILTER (WHERE t.mint = p.mint AND t.amount > 0) AS funded
      FROM wallet_token_accounts t
      WHERE t.tenant_id = p.tenant_id AND t.wallet_id = p.wallet_id) present
    GROUP BY p.tenant_id, p.mint
  ), sums AS (
    SELECT tenant_id, mint, sum(sign) AS accounts,
      coalesce(sum(sign) FILTER (WHERE amount > 0), 0) AS funded,
      coalesce(sum(sign * amount) FILTER (WHERE amount > 0), 0) AS amount
    FROM moved GROUP BY tenant_id, mint
  )
  INSERT INTO mint_holding_parts (tenant_id, mint, accounts, funded, holders, amount)
    SELECT s.tenant_id, s.mint, s.accounts, s.funded, h.holders, s.amount
    FROM sums s JOIN held h ON h.tenant_id = s.tenant_id AND h.mint = s.mint
    -- A rescan that found every balance as it was changes nothing.
    WHERE s.accounts <> 0 OR s.funded <> 0 OR h.holders <> 0 OR s.amount <> 0;
$fn$;
--> statement-breakpoint
CREATE FUNCTION fleet_token_accounts_summed() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  tenant_ids uuid[];
  wallet_ids uuid[];
  mints text[];
  amounts numeric[];
  signs integer[];
BEGIN
  -- Each branch names only the transition tables its trigger declares.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tenant_id), array_agg(wallet_id), array_agg(mint), array_agg(amount),
        array_agg(1)
      INTO tenant_ids, wallet_ids, mints, amounts, signs FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(tenant_id), array_agg(wallet_id), array_agg(mint), array_agg(amount),
        array_agg(sign)
      INTO tenant_ids, wallet_ids, mints, amounts, signs
      -- Only what the statement changed: a row rewritten as it was (most of a rescan) is in both
      -- tables and cancels out, so it costs the lookups below nothing.
      FROM (SELECT *, 1 AS sign FROM (
              SELECT tenant_id, wallet_id, mint, amount FROM new_rows
              EXCEPT ALL SELECT tenant_id, wallet_id, mint, amount FROM old_rows) arrived
            UNION ALL
            SELECT *, -1 FROM (
              SELECT tenant_id, wallet_id, mint, amount FROM old_rows
              EXCEPT ALL SELECT tenant_id, wallet_id, mint, amount FROM new_rows) departed) c;
  ELSE
    SELECT array_agg(tenant_id), array_agg(wallet_id), array_agg(mint), array_agg(amount),
        array_agg(-1)
      INTO tenant_ids, wallet_ids, mints, amounts, signs FROM old_rows;
  END IF;
  IF wallet_ids IS NOT NULL THEN
    PERFORM fleet_note_mint_holdings(tenant_ids, wallet_ids, mints, amounts, signs);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Named after the `…_noted_…` triggers of 0022, so they fire after them: the wallet_changes mark
-- waits for another transaction writing the same wallet to end, and this trigger's statement then
-- sees what that one committed (read committed), so two writers of one wallet count it once.
CREATE TRIGGER wallet_token_accounts_summed_on_insert
  AFTER INSERT ON wallet_token_accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_summed();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_summed_on_update
  AFTER UPDATE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_summed();
--> statement-breakpoint
CREATE TRIGGER wallet_token_accounts_summed_on_delete
  AFTER DELETE ON wallet_token_accounts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_token_accounts_summed();
--> statement-breakpoint
-- Archiving a wallet takes its accounts out of the sums; restoring it puts them back. A wallet is
-- deleted only after its accounts (`deleteWallets`), and a new one has none yet.
CREATE FUNCTION fleet_wallets_summed() RETURNS trigger
  LANGUAGE plpgsql
AS $fn$
DECLARE
  ids uuid[];
  was_active boolean[];
  is_active boolean[];
BEGIN
  -- An update's old and new rows are the same wallets: both sorted by id, they line up, with no
  -- join for a planner without statistics to loop over (scans update thousands at a time).
  SELECT array_agg(id ORDER BY id), array_agg(archived_at IS NULL ORDER BY id)
    INTO ids, is_active FROM new_rows;
  SELECT array_agg(archived_at IS NULL ORDER BY id) INTO was_active FROM old_rows;
  IF ids IS NULL OR was_active = is_active THEN
    RETURN NULL;
  END IF;
  INSERT INTO mint_holding_parts (tenant_id, mint, accounts, funded, holders, amount)
    SELECT p.tenant_id, p.mint, sum(p.sign * p.accounts),
      sum(p.sign * p.funded), sum(p.sign * (p.funded > 0)::int), sum(p.sign * p.amount)
    FROM (
      SELECT t.tenant_id, t.wallet_id, t.mint, c.sign, count(*) AS accounts, count(*) FILTER (WHERE t.amount > 0) AS funded,
        coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0) AS amount
      FROM (
        SELECT x.id, CASE WHEN x.present THEN 1 ELSE -1 END AS sign
        FROM unnest(ids, was_active, is_active) AS x(id, was, present)
        WHERE x.was <> x.present
      ) c
      JOIN wallet_token_accounts t ON t.wallet_id = c.id
      GROUP BY t.tenant_id, t.wallet_id, t.mint, c.sign
    ) p
    GROUP BY p.tenant_id, p.mint;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER wallets_summed_on_update
  AFTER UPDATE ON wallets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_wallets_summed();
--> statement-breakpoint
-- The accounts already stored, summed once. Forced row-level security applies to the table owner
-- too, so it is lifted for this statement only (the migration runs in one transaction).
ALTER TABLE wallets NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_token_accounts NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mint_holding_parts NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO mint_holding_parts (tenant_id, mint, accounts, funded, holders, amount)
  SELECT p.tenant_id, p.mint, sum(p.accounts), sum(p.funded),
    count(*) FILTER (WHERE p.funded > 0), sum(p.amount)
  FROM (
    SELECT t.tenant_id, t.wallet_id, t.mint, count(*) AS accounts,
      count(*) FILTER (WHERE t.amount > 0) AS funded,
      coalesce(sum(t.amount) FILTER (WHERE t.amount > 0), 0) AS amount
    FROM wallet_token_accounts t JOIN wallets w ON w.id = t.wallet_id AND w.archived_at IS NULL
    GROUP BY t.tenant_id, t.wallet_id, t.mint
  ) p
  GROUP BY p.tenant_id, p.mint;
--> statement-breakpoint
ALTER TABLE wallets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wallet_token_accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE mint_holding_parts FORCE ROW LEVEL SECURITY;
