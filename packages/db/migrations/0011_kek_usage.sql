-- How many data keys each KEK wraps, counted by a trigger, so that the server can refuse to start
-- with a KEK that did not wrap the stored keys (a wrong KEK would seal new tenants' keys under
-- itself, lost once the right one returns), and a rotation can tell when an old KEK is free.
CREATE TABLE "vault_kek_usage" (
	"kek_id" text PRIMARY KEY NOT NULL,
	"data_keys" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vault_kek_usage_not_negative" CHECK ("data_keys" >= 0)
);
--> statement-breakpoint
-- Existing data keys counted once. Forced row-level security applies to the table owner too, so it
-- is lifted for this statement only (the migration runs in one transaction).
ALTER TABLE tenant_data_keys NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO vault_kek_usage (kek_id, data_keys)
  SELECT kek_id, count(*)::int FROM tenant_data_keys GROUP BY kek_id;
--> statement-breakpoint
ALTER TABLE tenant_data_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- SECURITY DEFINER: data keys are written as fleet_tenant, which may not touch this table itself.
CREATE FUNCTION fleet_count_kek_usage() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $fn$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE vault_kek_usage SET data_keys = data_keys - 1 WHERE kek_id = OLD.kek_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO vault_kek_usage (kek_id, data_keys) VALUES (NEW.kek_id, 1)
      ON CONFLICT (kek_id) DO UPDATE SET data_keys = vault_kek_usage.data_keys + 1;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tenant_data_keys_kek_usage
  AFTER INSERT OR DELETE OR UPDATE OF kek_id ON tenant_data_keys
  FOR EACH ROW EXECUTE FUNCTION fleet_count_kek_usage();
--> statement-breakpoint
-- The serving role reads the counts at start; only the trigger writes them.
REVOKE INSERT, UPDATE, DELETE ON vault_kek_usage FROM fleet_app;
