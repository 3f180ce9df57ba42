CREATE TABLE "job_log_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_log_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "job_log_lines_level_check" CHECK ("job_log_lines"."level" in ('info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"params" jsonb NOT NULL,
	"processed_items" integer DEFAULT 0 NOT NULL,
	"total_items" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"checkpoint" jsonb,
	"report" jsonb,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
	CONSTRAINT "jobs_items_check" CHECK ("jobs"."processed_items" >= 0 and "jobs"."total_items" >= 0)
);
--> statement-breakpoint
ALTER TABLE "job_log_lines" ADD CONSTRAINT "job_log_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_log_lines" ADD CONSTRAINT "job_log_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_log_lines_job_idx" ON "job_log_lines" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "jobs_tenant_created_idx" ON "jobs" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Durable jobs (issue 17): the state a job's API answers from and its handler resumes from, in
-- tenant tables under the same second wall as the wallets (see 0002, 0006, 0015 and decision 006).
-- pg-boss keeps only "run job X" in its own schema. fleet_app has them through the default
-- privileges of 0010.
GRANT SELECT, INSERT, UPDATE, DELETE ON jobs, job_log_lines TO fleet_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE job_log_lines_id_seq TO fleet_tenant;
--> statement-breakpoint
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON jobs
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE job_log_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_log_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_log_lines
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
