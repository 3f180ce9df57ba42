import type { Group } from '@fleet/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { groupsQueryKey } from './groups-api';
import { GroupsTab } from './groups-tab';

const computed: Group = {
  id: 'traders',
  group_name: 'Traders',
  color: null,
  description: null,
  kind: 'computed',
  count: 7,
  created_at: null,
};

describe('Groups tab', () => {
  it('says how to make a group when there are no custom groups, and lists computed ones', () => {
    const html = renderStatic(createElement(GroupsTab), [[groupsQueryKey, [computed]]]);
    expect(html).toContain('No custom groups yet. Create one from the header or row actions.');
    expect(html).toContain('Traders');
    expect(html).toContain('7 wallets');
  });

  it('shows a card per custom group with its name, count, description and Open', () => {
    const custom: Group = {
      ...computed,
      id: '11111111-1111-4111-8111-111111111111',
      group_name: 'Snipers',
      description: 'fast ones',
      color: '#22c55e',
      kind: 'custom',
      count: 1,
      total_lamports: '3000000000',
      total_value_usd: null,
    };
    const html = renderStatic(createElement(GroupsTab), [[groupsQueryKey, [custom, computed]]]);
    expect(html).toContain('Snipers');
    expect(html).toContain('1 wallet');
    expect(html).toContain('fast ones');
    expect(html).toContain('3.0000 SOL');
    expect(html).toContain('Open');
    expect(html).not.toContain('No custom groups yet');
  });
});
