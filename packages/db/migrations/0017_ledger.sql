CREATE TABLE "ledger_transaction_items" (
	"tenant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ledger_transaction_items_transaction_id_item_id_pk" PRIMARY KEY("transaction_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"state" text NOT NULL,
	"signature" text,
	"wire_base64" text,
	"last_valid_block_height" bigint,
	"block_height_seen" bigint,
	"broadcasts" integer DEFAULT 0 NOT NULL,
	"last_broadcast_at" timestamp with time zone,
	"failure_reason" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transactions_state_check" CHECK ("ledger_transactions"."state" in ('planned', 'signed', 'sent', 'confirmed', 'failed', 'expired')),
	CONSTRAINT "ledger_transactions_signed_check" CHECK ("ledger_transactions"."state" = 'planned' or ("ledger_transactions"."signature" is not null and "ledger_transactions"."last_valid_block_height" is not null)),
	CONSTRAINT "ledger_transactions_broadcasts_check" CHECK ("ledger_transactions"."broadcasts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "operation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"leg" text NOT NULL,
	"wallet_id" uuid,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"lamports" bigint NOT NULL,
	"retry_of" uuid,
	"position" integer NOT NULL,
	CONSTRAINT "operation_items_leg_check" CHECK ("operation_items"."leg" in ('direct', 'firstHop', 'secondHop')),
	CONSTRAINT "operation_items_lamports_check" CHECK ("operation_items"."lamports" > 0)
);
--> statement-breakpoint
CREATE TABLE "operation_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "operation_plans_id_check" CHECK ("operation_plans"."id" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "operation_plans_kind_check" CHECK ("operation_plans"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution'))
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"plan_id" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"status" text NOT NULL,
	"totals" jsonb NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "operations_kind_check" CHECK ("operations"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution')),
	CONSTRAINT "operations_status_check" CHECK ("operations"."status" in ('planned', 'running', 'succeeded', 'partlyFailed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_transaction_items" ADD CONSTRAINT "ledger_transaction_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction_items" ADD CONSTRAINT "ledger_transaction_items_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction_items" ADD CONSTRAINT "ledger_transaction_items_item_id_operation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."operation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_plan_id_operation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."operation_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transaction_items_item_idx" ON "ledger_transaction_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_operation_idx" ON "ledger_transactions" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "ledger_transactions_state_idx" ON "ledger_transactions" USING btree ("operation_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_signature_idx" ON "ledger_transactions" USING btree ("signature") WHERE "ledger_transactions"."signature" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operation_items_unique_idx" ON "operation_items" USING btree ("operation_id","leg","to_address","from_address") WHERE "operation_items"."retry_of" is null;--> statement-breakpoint
CREATE INDEX "operation_items_operation_idx" ON "operation_items" USING btree ("operation_id","position");--> statement-breakpoint
CREATE INDEX "operation_plans_tenant_expires_idx" ON "operation_plans" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "operations_tenant_created_idx" ON "operations" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "operations_tenant_kind_created_idx" ON "operations" USING btree ("tenant_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "operations_plan_idx" ON "operations" USING btree ("plan_id");--> statement-breakpoint
-- The ledger (issue 17, decision 022): money operations, their items and transactions, and the
-- plans they execute, stored whole and named by a hash. Tenant tables under the same second wall
-- as the wallets and jobs (see 0002, 0006, 0015, 0016 and decision 006). fleet_app has them
-- through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON operation_plans, operations, operation_items, ledger_transactions, ledger_transaction_items TO fleet_tenant;
--> statement-breakpoint
-- A ledger row and its audit entry commit together (DESIGN), so the audit entry of an operation is
-- written inside withTenant. The audit log stays append-only: fleet_tenant may only add to it.
GRANT INSERT ON audit_log TO fleet_tenant;
--> statement-breakpoint
-- audit_log has no row-level security (sign-in failures are written before a tenant is known), so
-- the grant above alone would let a tenant-bound session write an entry naming another tenant.
-- Inside withTenant an entry must name the bound tenant.
CREATE FUNCTION audit_log_tenant_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'fleet_tenant'
    AND NEW.tenant_id IS DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid THEN
    RAISE EXCEPTION 'an audit entry may name only the bound tenant' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_tenant_guard BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_tenant_guard();
--> statement-breakpoint
ALTER TABLE operation_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE operation_plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON operation_plans
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE operations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE operations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON operations
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE operation_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE operation_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON operation_items
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE ledger_transactions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ledger_transactions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_transactions
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE ledger_transaction_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ledger_transaction_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ledger_transaction_items
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
