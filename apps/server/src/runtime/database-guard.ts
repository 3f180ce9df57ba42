import { APP_ROLE, SEARCH_READER_ROLE, type DatabaseRole } from '@fleet/db';

/** What the start does about the serving role: go on (perhaps with warnings) or stop. */
export type RoleVerdict =
  | { readonly kind: 'ok'; readonly warnings: readonly string[] }
  | { readonly kind: 'refuse'; readonly reason: string };

/**
 * Before the migrations: a role that reads through row-level security (a superuser, BYPASSRLS)
 * is refused in production, before it has changed anything; in development it is allowed with a
 * warning, since a fresh Postgres server offers little else.
 */
export function judgeRoleBeforeMigrations(
  role: DatabaseRole,
  options: { readonly allowPrivileged: boolean },
): RoleVerdict {
  if (!role.superuser && !role.bypassRls) return { kind: 'ok', warnings: [] };
  const what = role.superuser ? 'a superuser' : 'BYPASSRLS';
  if (!options.allowPrivileged) {
    return {
      kind: 'refuse',
      reason: `database role "${role.name}" is ${what} and could read across tenants. Serve as an ordinary NOSUPERUSER NOBYPASSRLS role (see "Database roles" in the README), or set FLEET_DEV_DATABASE=true for a development database.`,
    };
  }
  return {
    kind: 'ok',
    warnings: [
      `database role "${role.name}" is ${what}: row-level security does not apply to it. Fine for development; production refuses it.`,
    ],
  };
}

/**
 * After the migrations, for an ordinary role: it must not inherit the search reader (whose
 * policy reads every tenant's wallets), and it must hold the tables' privileges, as their owner
 * or through fleet_app.
 */
export function judgeRoleAfterMigrations(role: DatabaseRole): RoleVerdict {
  if (role.superuser || role.bypassRls) return { kind: 'ok', warnings: [] };
  if (role.searchReader) {
    return {
      kind: 'refuse',
      reason: `database role "${role.name}" is a member of ${SEARCH_READER_ROLE}, whose policy reads every tenant's wallets: tenant isolation would have no second wall. Run \`REVOKE ${SEARCH_READER_ROLE} FROM "${role.name}"\` as the tables' owner.`,
    };
  }
  if (!role.ownsTables && !role.appMember) {
    return {
      kind: 'refuse',
      reason: `database role "${role.name}" neither owns Fleet's tables nor holds ${APP_ROLE}. Run \`GRANT ${APP_ROLE} TO "${role.name}"\` as the tables' owner, or set DATABASE_OWNER_URL so that the start can.`,
    };
  }
  return { kind: 'ok', warnings: [] };
}
