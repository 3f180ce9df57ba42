ALTER TABLE "mints" ADD COLUMN "asset_class" text;--> statement-breakpoint
ALTER TABLE "mints" ADD COLUMN "asset_class_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mints" ADD CONSTRAINT "mints_asset_class_check" CHECK ("mints"."asset_class" in ('spl', 'nft', 'cnft', 'other'));