ALTER TABLE "operation_items" DROP CONSTRAINT "operation_items_leg_check";--> statement-breakpoint
ALTER TABLE "operation_plans" DROP CONSTRAINT "operation_plans_kind_check";--> statement-breakpoint
ALTER TABLE "operations" DROP CONSTRAINT "operations_kind_check";--> statement-breakpoint
ALTER TABLE "operation_items" ADD COLUMN "mint" text;--> statement-breakpoint
ALTER TABLE "operation_items" ADD COLUMN "program" text;--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_close_check" CHECK (("operation_items"."leg" = 'close') = ("operation_items"."mint" is not null and coalesce("operation_items"."program" in ('token', 'token2022'), false)));--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_leg_check" CHECK ("operation_items"."leg" in ('direct', 'firstHop', 'secondHop', 'close'));--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_kind_check" CHECK ("operation_plans"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close'));--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_kind_check" CHECK ("operations"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close'));