import { describe, expect, it } from 'vitest';
import {
  assertIsWalletId,
  customGroupIdSchema,
  groupId,
  importBatchId,
  isGroupId,
  isMasterHistoryEntryId,
  isSeedGroupId,
  isTagId,
  isWalletId,
  tagIdSchema,
  walletId,
  walletIdSchema,
} from './ids';

const UUID = '0b6f1c2e-8d4a-4b7e-9f3a-2c5d6e7f8a9b';

describe('ids', () => {
  it('are uuids', () => {
    expect(isWalletId(UUID)).toBe(true);
    expect(isTagId(UUID)).toBe(true);
    expect(isSeedGroupId(UUID)).toBe(true);
    expect(isMasterHistoryEntryId(UUID)).toBe(true);
    expect(importBatchId(UUID)).toBe(UUID);
    expect(isWalletId('not-a-uuid')).toBe(false);
    expect(isWalletId(7)).toBe(false);
  });

  it('assert and construct with a message naming the kind', () => {
    expect(walletId(UUID)).toBe(UUID);
    expect(() => assertIsWalletId('nope')).toThrow('Not a wallet id: "nope"');
    expect(() => walletId('')).toThrow(TypeError);
  });

  it('let a group id also name a computed group', () => {
    for (const id of [UUID, 'all', 'traders', `seed:${UUID}`]) expect(isGroupId(id)).toBe(true);
    expect(groupId('all')).toBe('all');
    expect(isGroupId('bad id')).toBe(false);
    expect(isGroupId('a'.repeat(65))).toBe(false);
    expect(customGroupIdSchema().safeParse('all').success).toBe(false);
  });

  it('keep the message a route answers with', () => {
    expect(tagIdSchema('Unknown tag').safeParse('x').error?.issues[0]?.message).toBe('Unknown tag');
    expect(walletIdSchema().parse(UUID)).toBe(UUID);
  });
});
