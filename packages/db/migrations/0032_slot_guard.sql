CREATE TABLE "background_refreshes" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"next_round_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"rounds" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_wallets" integer DEFAULT 0 NOT NULL,
	"last_token_accounts" integer DEFAULT 0 NOT NULL,
	"last_rpc_calls" integer DEFAULT 0 NOT NULL,
	"last_failed" integer DEFAULT 0 NOT NULL,
	"last_duration_ms" double precision DEFAULT 0 NOT NULL,
	"last_stale_skipped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_token_accounts" ADD COLUMN "scanned_slot" bigint;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "scanned_slot" bigint;--> statement-breakpoint
ALTER TABLE "recent_scans" ADD COLUMN "scanned_slot" bigint;--> statement-breakpoint
ALTER TABLE "background_refreshes" ADD CONSTRAINT "background_refreshes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A tenant's background refresh state is tenant data like its last scan (see 0015 and decision
-- 006): the same second wall. fleet_app has it through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON background_refreshes TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE background_refreshes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE background_refreshes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON background_refreshes
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
