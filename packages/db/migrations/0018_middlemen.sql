CREATE TABLE "middlemen" (
	"wallet_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"operation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_at" timestamp with time zone,
	CONSTRAINT "middlemen_linked_check" CHECK (("middlemen"."operation_id" is null) = ("middlemen"."linked_at" is null))
);
--> statement-breakpoint
ALTER TABLE "middlemen" ADD CONSTRAINT "middlemen_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middlemen" ADD CONSTRAINT "middlemen_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middlemen" ADD CONSTRAINT "middlemen_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "middlemen" ADD CONSTRAINT "middlemen_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "middlemen_tenant_operation_idx" ON "middlemen" USING btree ("tenant_id","operation_id");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_source_kind_check" CHECK ("wallets"."source_kind" in ('seed', 'import', 'manual', 'middleman'));--> statement-breakpoint
-- Middlemen of two-hop distributions (issue 17): fresh keypairs sealed in the vault as wallets of
-- the 'middleman' source before any SOL moves, each serving one recipient of one operation for
-- ever. A tenant table under the same second wall as the ledger (see 0002, 0016, 0017 and
-- decision 006). fleet_app has it through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON middlemen TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE middlemen ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE middlemen FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON middlemen
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Foreign keys do not see row-level security, so the policy alone would let a tenant-bound session
-- name another tenant's wallet. A middleman row must name a middleman wallet of its own tenant.
CREATE FUNCTION middlemen_wallet_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM wallets
    WHERE id = NEW.wallet_id AND tenant_id = NEW.tenant_id AND source_kind = 'middleman'
  ) THEN
    RAISE EXCEPTION 'a middleman must be a middleman wallet of its own tenant' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER middlemen_wallet_guard BEFORE INSERT ON middlemen
  FOR EACH ROW EXECUTE FUNCTION middlemen_wallet_guard();
--> statement-breakpoint
-- Never reused: the server checks under a row lock before it links, and this refuses what a bug or
-- a hand-written statement might still try. Once a middleman names its operation, neither that
-- nor which wallet or tenant it is may change.
CREATE FUNCTION middlemen_link_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_id IS DISTINCT FROM OLD.wallet_id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
    RAISE EXCEPTION 'a middleman keeps its wallet and tenant' USING ERRCODE = '23514';
  END IF;
  IF OLD.operation_id IS NOT NULL AND NEW.operation_id IS DISTINCT FROM OLD.operation_id THEN
    RAISE EXCEPTION 'a middleman serves one operation and is never reused' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER middlemen_link_once BEFORE UPDATE ON middlemen
  FOR EACH ROW EXECUTE FUNCTION middlemen_link_once();
