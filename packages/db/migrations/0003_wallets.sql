CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"seed_group_id" uuid,
	"created" integer DEFAULT 0 NOT NULL,
	"restored" integer DEFAULT 0 NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mints" (
	"mint" text PRIMARY KEY NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer NOT NULL,
	"program" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"label" text,
	"seed_fingerprint" text NOT NULL,
	"derivation_scheme" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_token_accounts" (
	"tenant_id" uuid NOT NULL,
	"token_account" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"mint" text NOT NULL,
	"program" text NOT NULL,
	"amount" numeric(20, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_token_accounts_tenant_id_token_account_pk" PRIMARY KEY("tenant_id","token_account")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"public_address" text NOT NULL,
	"encrypted_key" "bytea" NOT NULL,
	"key_algorithm" text NOT NULL,
	"data_key_version" integer NOT NULL,
	"name" text,
	"is_trader" boolean DEFAULT false NOT NULL,
	"source_kind" text NOT NULL,
	"import_batch_id" uuid,
	"seed_group_id" uuid,
	"derivation_path" text,
	"lamports" bigint,
	"last_scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "seed_salt" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_seed_group_id_seed_groups_id_fk" FOREIGN KEY ("seed_group_id") REFERENCES "public"."seed_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seed_groups" ADD CONSTRAINT "seed_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_token_accounts" ADD CONSTRAINT "wallet_token_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_token_accounts" ADD CONSTRAINT "wallet_token_accounts_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_seed_group_id_seed_groups_id_fk" FOREIGN KEY ("seed_group_id") REFERENCES "public"."seed_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_tenant_idx" ON "import_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seed_groups_fingerprint_idx" ON "seed_groups" USING btree ("tenant_id","seed_fingerprint");--> statement-breakpoint
CREATE INDEX "wallet_token_accounts_wallet_idx" ON "wallet_token_accounts" USING btree ("tenant_id","wallet_id");--> statement-breakpoint
CREATE INDEX "wallet_token_accounts_mint_idx" ON "wallet_token_accounts" USING btree ("tenant_id","mint");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_idx" ON "wallets" USING btree ("tenant_id","public_address");--> statement-breakpoint
CREATE INDEX "wallets_active_idx" ON "wallets" USING btree ("tenant_id","created_at") WHERE "wallets"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "wallets_seed_group_idx" ON "wallets" USING btree ("tenant_id","seed_group_id");--> statement-breakpoint
CREATE INDEX "wallets_batch_idx" ON "wallets" USING btree ("tenant_id","import_batch_id");