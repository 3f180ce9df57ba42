CREATE TABLE "last_scans" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"wallets" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"throughput_wallets_per_min" double precision NOT NULL,
	"objects_scanned" integer NOT NULL,
	"rescans" integer NOT NULL,
	"failed_addresses" integer NOT NULL,
	"findings" integer NOT NULL,
	"tokens_found" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_scans" (
	"tenant_id" uuid NOT NULL,
	"public_address" text NOT NULL,
	"lamports" bigint NOT NULL,
	"tokens" jsonb NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recent_scans_tenant_id_public_address_pk" PRIMARY KEY("tenant_id","public_address")
);
--> statement-breakpoint
CREATE TABLE "scan_log_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_log_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "scan_log_lines_level_check" CHECK ("scan_log_lines"."level" in ('info', 'warn', 'error'))
);
--> statement-breakpoint
ALTER TABLE "last_scans" ADD CONSTRAINT "last_scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_scans" ADD CONSTRAINT "recent_scans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_log_lines" ADD CONSTRAINT "scan_log_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_scans_scanned_at_idx" ON "recent_scans" USING btree ("tenant_id","scanned_at");--> statement-breakpoint
CREATE INDEX "scan_log_lines_tenant_idx" ON "scan_log_lines" USING btree ("tenant_id","id");--> statement-breakpoint
-- What a scan preview read and the Scan Details log were process memory until here: a second
-- server process or a restart lost them. They get the same second wall as the wallets (see 0002,
-- 0006 and decision 006). fleet_app has them through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON recent_scans, scan_log_lines, last_scans TO fleet_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE scan_log_lines_id_seq TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE recent_scans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE recent_scans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON recent_scans
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE scan_log_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE scan_log_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON scan_log_lines
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE last_scans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE last_scans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON last_scans
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
