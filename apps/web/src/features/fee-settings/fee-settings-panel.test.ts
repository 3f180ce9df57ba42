import type { FeeSettings } from '@fleet/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { feeSettingsQueryKey } from './fee-settings-api';
import { FeeSettingsPanel } from './fee-settings-panel';

const uncapped: FeeSettings = {
  serverMicroLamportsPerUnit: '5000',
  maxMicroLamportsPerUnit: null,
  effectiveMicroLamportsPerUnit: '5000',
  limit: '1000000',
};

const render = (settings?: FeeSettings) =>
  renderStatic(createElement(FeeSettingsPanel), settings ? [[feeSettingsQueryKey, settings]] : []);

describe('The Transaction fees panel', () => {
  it('says it is loading until the settings arrive', () => {
    expect(render()).toContain('Loading fee settings…');
  });

  it("shows the server's price, no cap and an empty field, with nothing to save yet", () => {
    const html = render(uncapped);
    expect(html).toContain('Server price');
    // The unit keeps its case: uppercased, "µlamports" would read as "Mlamports".
    expect(html).toContain('<span class="keep-case">5,000 µlamports/CU</span>');
    expect(html).toContain('No cap');
    expect(html).toContain('Maximum unit price');
    expect(html).toContain(
      'Micro-lamports per compute unit, 0 to 1,000,000. Leave empty for no cap.',
    );
    expect(html).toMatch(/<input[^>]*value=""/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Save/);
    expect(html).not.toContain('Remove cap');
    expect(html).not.toContain('role="alert"');
  });

  it('shows a cap below the server price as what operations bid, in the field, and offers to remove it', () => {
    const html = render({
      ...uncapped,
      maxMicroLamportsPerUnit: '2000',
      effectiveMicroLamportsPerUnit: '2000',
    });
    expect(html).toContain('2,000 µlamports/CU');
    expect(html).toMatch(/<input[^>]*value="2000"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Save/);
    expect(html).toContain('Remove cap');
    expect(html).not.toContain('No cap<');
  });
});
