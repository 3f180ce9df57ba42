-- Wallet search through the trigram indexes, without lowering the second wall (decision 006).
-- Under row-level security Postgres may not evaluate a non-LEAKPROOF operator (LIKE, lower())
-- before the policy, so a tenant query can never use the trigram indexes and reads every wallet
-- row instead (≈ 115 ms at 100,000 wallets). Marking LIKE leakproof needs a superuser. Instead:
-- a role that may read only the searchable columns of all wallets (never the keys), and one
-- SECURITY DEFINER function owned by it that filters on the same app.tenant_id the policies use.
-- fleet_tenant may call the function, and nothing else runs as fleet_search.
DO $$
BEGIN
  CREATE ROLE fleet_search NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Roles are cluster-wide: another database on the same server (or a parallel migration) made it.
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT fleet_search TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR duplicate_object THEN
  RAISE NOTICE 'could not grant fleet_search to %; grant it so the search function can be owned by it', current_user;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO fleet_search;
--> statement-breakpoint
GRANT SELECT (id, tenant_id, public_address, name, archived_at) ON wallets TO fleet_search;
--> statement-breakpoint
CREATE POLICY search_reader ON wallets FOR SELECT TO fleet_search USING (true);
--> statement-breakpoint
CREATE FUNCTION fleet_search_wallets(pattern text, prefix text, max_rows integer)
  RETURNS TABLE (id uuid, public_address text, name text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  -- Trigram selectivity of a 3-character pattern is guessed badly (thousands of rows for ~100), and
  -- the planner then reads every wallet (≈ 70 ms at 100,000). The index is never the worse choice
  -- for a substring of three or more characters, so this function does without sequential scans.
  SET enable_seqscan = off
AS $fn$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
BEGIN
  -- No tenant bound: nothing, exactly as the policies answer.
  IF tenant IS NULL THEN
    RETURN;
  END IF;
  -- EXECUTE plans with the actual pattern, so the planner sees how selective it is.
  RETURN QUERY EXECUTE
    'select w.id, w.public_address, w.name from wallets w
      where w.tenant_id = $1 and w.archived_at is null
        and (lower(w.public_address) like $2 or lower(w.name) like $2)
      order by (lower(w.public_address) like $3 or coalesce(lower(w.name) like $3, false)) desc,
        case when lower(w.name) like $2 then length(w.name) else length(w.public_address) end,
        w.public_address
      limit $4'
    USING tenant, pattern, prefix, max_rows;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION fleet_search_wallets(text, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION fleet_search_wallets(text, text, integer) TO fleet_tenant;
--> statement-breakpoint
-- A new owner needs CREATE on the schema; fleet_search holds it only for this statement.
GRANT CREATE ON SCHEMA public TO fleet_search;
--> statement-breakpoint
ALTER FUNCTION fleet_search_wallets(text, text, integer) OWNER TO fleet_search;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM fleet_search;
