CREATE TABLE "token_account_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"operation_id" uuid,
	"wallet_id" uuid,
	"wallet_address" text NOT NULL,
	"mint" text NOT NULL,
	"token_account" text NOT NULL,
	"program" text NOT NULL,
	"rent_lamports" bigint NOT NULL,
	"fee_lamports" bigint NOT NULL,
	"burned_raw" numeric(20, 0),
	"signature" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_account_closes_program_check" CHECK ("token_account_closes"."program" in ('token', 'token2022')),
	CONSTRAINT "token_account_closes_rent_check" CHECK ("token_account_closes"."rent_lamports" >= 0),
	CONSTRAINT "token_account_closes_fee_check" CHECK ("token_account_closes"."fee_lamports" >= 0),
	CONSTRAINT "token_account_closes_burned_check" CHECK ("token_account_closes"."burned_raw" >= 0)
);
--> statement-breakpoint
ALTER TABLE "token_account_closes" ADD CONSTRAINT "token_account_closes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_account_closes" ADD CONSTRAINT "token_account_closes_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_account_closes" ADD CONSTRAINT "token_account_closes_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_account_closes_account_signature_idx" ON "token_account_closes" USING btree ("tenant_id","token_account","signature");--> statement-breakpoint
CREATE INDEX "token_account_closes_tenant_closed_idx" ON "token_account_closes" USING btree ("tenant_id","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "token_account_closes_wallet_idx" ON "token_account_closes" USING btree ("tenant_id","wallet_address","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "token_account_closes_mint_idx" ON "token_account_closes" USING btree ("tenant_id","mint","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The close history (issue 19): a tenant table under the same second wall as the ledger (see
-- 0002, 0017, 0020 and decision 006). It is append-only for the serving role: a close that
-- happened on chain is never edited or removed. fleet_app has it through the default privileges
-- of 0010.
GRANT SELECT, INSERT ON token_account_closes TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE token_account_closes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE token_account_closes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON token_account_closes
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
-- Foreign keys do not see row-level security: a close must name an operation and a wallet of its
-- own tenant. Checked once per statement over the inserted rows, so thousands of closes recorded
-- together cost one join, not one lookup each.
CREATE FUNCTION token_account_closes_owner_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n
    LEFT JOIN operations o ON o.id = n.operation_id AND o.tenant_id = n.tenant_id
    LEFT JOIN wallets w ON w.id = n.wallet_id AND w.tenant_id = n.tenant_id
    WHERE (n.operation_id IS NOT NULL AND o.id IS NULL) OR (n.wallet_id IS NOT NULL AND w.id IS NULL)
  ) THEN
    RAISE EXCEPTION 'a close must name an operation and a wallet of its own tenant' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER token_account_closes_owner_guard AFTER INSERT ON token_account_closes
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION token_account_closes_owner_guard();
