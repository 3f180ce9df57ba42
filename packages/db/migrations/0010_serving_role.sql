-- The login role must never inherit a role that row-level security lets read across tenants.
-- Migration 0007 granted fleet_search to the migrating role so that it could hand the search
-- function to fleet_search; the search_reader policy (USING true, TO fleet_search) then applied to
-- that role too, and any query outside withTenant read every tenant's wallets. The membership is
-- dropped again here. A later migration that must give an object to fleet_search grants, alters
-- the owner and revokes within its own statements. The server refuses to start while its role is
-- still a member (apps/server/src/runtime/database-guard.ts).
DO $$
BEGIN
  EXECUTE format('REVOKE fleet_search FROM %I', current_user);
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
  RAISE NOTICE 'could not revoke fleet_search from %; revoke it, or the server will refuse to start', current_user;
END
$$;
--> statement-breakpoint
-- fleet_app: what a serving role needs, for a production setup in which the role that owns the
-- tables (and runs these migrations) is not the role the server signs in as. The operator grants
-- fleet_app to the serving role (or the server does, at start, through the owner's connection).
-- Membership in fleet_tenant lets the serving role switch to it inside withTenant. The audit log is
-- append-only for the serving role. See docs/decisions/013-database-roles.md.
DO $$
BEGIN
  CREATE ROLE fleet_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Roles are cluster-wide: another database on the same server (or a parallel migration) made it.
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  GRANT fleet_tenant TO fleet_app;
EXCEPTION WHEN insufficient_privilege OR duplicate_object THEN
  RAISE NOTICE 'could not grant fleet_tenant to fleet_app; grant it so a serving role can switch to fleet_tenant';
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO fleet_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO fleet_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON audit_log FROM fleet_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO fleet_app;
--> statement-breakpoint
-- Tables of later migrations (made by the same owner) are granted without naming them.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO fleet_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO fleet_app;
