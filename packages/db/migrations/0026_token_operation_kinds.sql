ALTER TABLE "operation_items" DROP CONSTRAINT "operation_items_leg_check";--> statement-breakpoint
ALTER TABLE "operation_items" DROP CONSTRAINT "operation_items_close_check";--> statement-breakpoint
ALTER TABLE "operation_plans" DROP CONSTRAINT "operation_plans_kind_check";--> statement-breakpoint
ALTER TABLE "operations" DROP CONSTRAINT "operations_kind_check";--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_leg_check" CHECK ("operation_items"."leg" in ('direct', 'firstHop', 'secondHop', 'close', 'burn', 'tokenTransfer'));--> statement-breakpoint
ALTER TABLE "operation_items" ADD CONSTRAINT "operation_items_close_check" CHECK (("operation_items"."leg" in ('close', 'burn', 'tokenTransfer')) = ("operation_items"."mint" is not null and coalesce("operation_items"."program" in ('token', 'token2022'), false)));--> statement-breakpoint
ALTER TABLE "operation_plans" ADD CONSTRAINT "operation_plans_kind_check" CHECK ("operation_plans"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close', 'token.burn', 'token.withdraw', 'token.distribute'));--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_kind_check" CHECK ("operations"."kind" in ('sol.distribute', 'sol.aggregate', 'sol.double_distribution', 'token.close', 'token.burn', 'token.withdraw', 'token.distribute'));