-- Before 0014 every seed vault was derived on m/44'/501'/{i}'/0' (Phantom's), whatever text it
-- recorded. Row security is forced on seed_groups, so an owner that is not a superuser sees a
-- tenant's rows only with app.tenant_id naming it: the rewrite goes tenant by tenant, and the wallet
-- list's deferred triggers (0009) fire under that tenant too (and so that no trigger event is still
-- pending when the table is altered below).
DO $$
DECLARE
  tenant uuid;
BEGIN
  FOR tenant IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', tenant::text, true);
    UPDATE seed_groups SET derivation_scheme = 'bip44-change'
      WHERE derivation_scheme NOT IN ('bip44-change', 'bip44', 'root');
    SET CONSTRAINTS ALL IMMEDIATE;
    SET CONSTRAINTS ALL DEFERRED;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END
$$;--> statement-breakpoint
DROP INDEX "seed_groups_fingerprint_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "seed_groups_fingerprint_scheme_idx" ON "seed_groups" USING btree ("tenant_id","seed_fingerprint","derivation_scheme");--> statement-breakpoint
ALTER TABLE "seed_groups" ADD CONSTRAINT "seed_groups_derivation_scheme_check" CHECK ("seed_groups"."derivation_scheme" in ('bip44-change', 'bip44', 'root'));