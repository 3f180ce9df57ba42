import { listSeedGroupsResponseSchema, seedGroupSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSeedGroup } from '../organize/organize-fixtures';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

/** Seed rename (spec 2 §5 "label non-empty after trimming"), as the Seeds tab and sidebar use it. */
describe.each(testDatabaseKinds)('seed group rename on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'rename@example.com');
    other = await createOperator(app, 'rename-other@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const rename = (id: string, body: object, as: Operator = operator) =>
    app.inject({
      method: 'PATCH',
      url: `/api/seed-groups/${id}`,
      cookies: { fleet_session: as.cookie },
      payload: body,
    });
  const labelOf = async (id: string, as: Operator = operator) =>
    listSeedGroupsResponseSchema
      .parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/seed-groups',
            cookies: { fleet_session: as.cookie },
          })
        ).json(),
      )
      .groups.find((group) => group.id === id)?.label;

  it('trims the label and keeps it', async () => {
    const id = await insertSeedGroup(harness.database.db, operator.tenantId, 'Before');
    const response = await rename(id, { label: '  After  ' });
    expect(response.statusCode).toBe(200);
    expect(seedGroupSchema.parse(response.json()).label).toBe('After');
    expect(await labelOf(id)).toBe('After');
  });

  it('refuses an empty or blank label with "Label is required" and keeps the old one', async () => {
    const id = await insertSeedGroup(harness.database.db, operator.tenantId, 'Kept');
    for (const body of [{ label: '' }, { label: '   ' }, {}]) {
      const response = await rename(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('Label is required');
    }
    expect(await labelOf(id)).toBe('Kept');
  });

  it('answers 404 for another tenant’s group and leaves it alone', async () => {
    const id = await insertSeedGroup(harness.database.db, other.tenantId, 'Theirs');
    const response = await rename(id, { label: 'Mine' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Seed group not found' });
    expect(await labelOf(id, other)).toBe('Theirs');
  });
});
