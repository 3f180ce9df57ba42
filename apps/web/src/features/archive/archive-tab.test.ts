import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { archivedWalletsQueryKey } from './archive-api';
import { ArchiveTab } from './archive-tab';

describe('Archive tab', () => {
  it('lists archived wallets with Restore off until one is selected', () => {
    const html = renderStatic(createElement(ArchiveTab), [
      [
        archivedWalletsQueryKey,
        [
          {
            id: '11111111-1111-4111-8111-111111111111',
            public_address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
            archived_at: '2026-11-20T10:00:00Z',
          },
        ],
      ],
    ]);
    expect(html).toContain('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU');
    expect(html).toContain('1 archived, 0 selected');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Restore/);
  });

  it('says so when the archive is empty', () => {
    const html = renderStatic(createElement(ArchiveTab), [[archivedWalletsQueryKey, []]]);
    expect(html).toContain('No archived wallets.');
  });
});
