-- Before 0014 every seed vault was derived on m/44'/501'/{i}'/0' (Phantom's), whatever text it
-- recorded. The rewrite must see every tenant's rows: forced row security would hide them from an
-- owner that is not a superuser, so it is lifted for this one statement (all in the migration's
-- transaction).
ALTER TABLE "seed_groups" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "seed_groups" SET "derivation_scheme" = 'bip44-change' WHERE "derivation_scheme" NOT IN ('bip44-change', 'bip44', 'root');--> statement-breakpoint
ALTER TABLE "seed_groups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "seed_groups_fingerprint_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "seed_groups_fingerprint_scheme_idx" ON "seed_groups" USING btree ("tenant_id","seed_fingerprint","derivation_scheme");--> statement-breakpoint
ALTER TABLE "seed_groups" ADD CONSTRAINT "seed_groups_derivation_scheme_check" CHECK ("seed_groups"."derivation_scheme" in ('bip44-change', 'bip44', 'root'));