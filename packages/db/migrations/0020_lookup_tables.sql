CREATE TABLE "lookup_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"address" text NOT NULL,
	"authority" text NOT NULL,
	"recent_slot" bigint NOT NULL,
	"operation_id" uuid NOT NULL,
	"new_table" integer NOT NULL,
	"create_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_fee_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"max_micro_lamports_per_unit" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "setup_step" integer;--> statement-breakpoint
ALTER TABLE "lookup_tables" ADD CONSTRAINT "lookup_tables_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_tables" ADD CONSTRAINT "lookup_tables_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_tables" ADD CONSTRAINT "lookup_tables_create_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("create_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_fee_settings" ADD CONSTRAINT "tenant_fee_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_tables_address_idx" ON "lookup_tables" USING btree ("tenant_id","address");--> statement-breakpoint
CREATE INDEX "lookup_tables_authority_idx" ON "lookup_tables" USING btree ("tenant_id","authority");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_tables_create_idx" ON "lookup_tables" USING btree ("create_transaction_id");--> statement-breakpoint
-- Address lookup tables a tenant's operations created (issue 17, decision 027) and a tenant's own
-- cap on the priority fee: tenant tables under the same second wall as the ledger (see 0002, 0016,
-- 0017 and decision 006). fleet_app has them through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON lookup_tables TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE lookup_tables ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE lookup_tables FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON lookup_tables
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_fee_settings TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE tenant_fee_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenant_fee_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenant_fee_settings
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Foreign keys do not see row-level security: a lookup table must name an operation and a create
-- transaction of its own tenant.
CREATE FUNCTION lookup_tables_owner_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM ledger_transactions t
    WHERE t.id = NEW.create_transaction_id AND t.tenant_id = NEW.tenant_id
      AND t.operation_id = NEW.operation_id
  ) THEN
    RAISE EXCEPTION 'a lookup table must name a transaction of its own tenant and operation' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lookup_tables_owner_guard BEFORE INSERT OR UPDATE ON lookup_tables
  FOR EACH ROW EXECUTE FUNCTION lookup_tables_owner_guard();
