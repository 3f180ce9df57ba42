import type { DatabaseRole } from '@fleet/db';
import { describe, expect, it } from 'vitest';
import { judgeRoleAfterMigrations, judgeRoleBeforeMigrations } from './database-guard';

const ordinary: DatabaseRole = {
  name: 'fleet_server',
  superuser: false,
  bypassRls: false,
  searchReader: false,
  appMember: true,
  ownsTables: false,
};

describe('the serving role guard', () => {
  it('refuses a superuser or BYPASSRLS role in production, before the migrations', () => {
    for (const role of [
      { ...ordinary, superuser: true },
      { ...ordinary, bypassRls: true },
    ]) {
      const verdict = judgeRoleBeforeMigrations(role, { allowPrivileged: false });
      expect(verdict).toMatchObject({ kind: 'refuse' });
      expect(verdict.kind === 'refuse' && verdict.reason).toContain('could read across tenants');
    }
  });

  it('lets a development database use a superuser, with a warning', () => {
    const verdict = judgeRoleBeforeMigrations(
      { ...ordinary, superuser: true },
      { allowPrivileged: true },
    );
    expect(verdict.kind).toBe('ok');
    expect(verdict.kind === 'ok' && verdict.warnings.join()).toContain(
      'row-level security does not apply to it',
    );
  });

  it('passes an ordinary role silently', () => {
    expect(judgeRoleBeforeMigrations(ordinary, { allowPrivileged: false })).toEqual({
      kind: 'ok',
      warnings: [],
    });
    expect(judgeRoleAfterMigrations(ordinary)).toEqual({ kind: 'ok', warnings: [] });
    expect(judgeRoleAfterMigrations({ ...ordinary, appMember: false, ownsTables: true })).toEqual({
      kind: 'ok',
      warnings: [],
    });
  });

  it('refuses an ordinary role that inherits the search reader, naming the fix', () => {
    const verdict = judgeRoleAfterMigrations({ ...ordinary, searchReader: true });
    expect(verdict.kind === 'refuse' && verdict.reason).toContain(
      'REVOKE fleet_search FROM "fleet_server"',
    );
  });

  it('refuses an ordinary role without the tables’ privileges, naming the grant', () => {
    const verdict = judgeRoleAfterMigrations({ ...ordinary, appMember: false });
    expect(verdict.kind === 'refuse' && verdict.reason).toContain(
      'GRANT fleet_app TO "fleet_server"',
    );
  });
});
