CREATE TABLE "deep_scan_reads" (
	"job_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"lamports" bigint NOT NULL,
	"tokens" jsonb NOT NULL,
	"scanned_slot" bigint NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deep_scan_reads_job_id_wallet_id_pk" PRIMARY KEY("job_id","wallet_id")
);
--> statement-breakpoint
ALTER TABLE "deep_scan_reads" ADD CONSTRAINT "deep_scan_reads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_scan_reads" ADD CONSTRAINT "deep_scan_reads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A deep scan's reads are a tenant's balances like its last scan (see 0015 and decision 006): the
-- same second wall. fleet_app has it through the default privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON deep_scan_reads TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE deep_scan_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE deep_scan_reads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON deep_scan_reads
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
