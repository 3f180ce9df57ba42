import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { TaskModeBanner, type TaskModeBannerProps } from './task-mode-banner';

const noop = () => undefined;
const wallets = [
  { id: '11111111-1111-4111-8111-111111111111', address: 'Addr1', groupIds: [] },
  { id: '22222222-2222-4222-8222-222222222222', address: 'Addr2', groupIds: [] },
  { id: '33333333-3333-4333-8333-333333333333', address: 'Addr3', groupIds: [] },
];

function banner(props: Partial<TaskModeBannerProps>): string {
  return renderStatic(
    createElement(TaskModeBanner, {
      mode: 'delete',
      selectedWallets: wallets,
      viewWallets: wallets,
      onClearSelection: noop,
      onCancel: noop,
      onExit: noop,
      onDone: noop,
      ...props,
    }),
  );
}

describe('TaskModeBanner', () => {
  it('draws nothing while idle', () => {
    const html = banner({ mode: 'idle' });
    expect(html).not.toContain('Task mode');
    expect(html).not.toContain('Clear Selection');
  });

  it('shows the action with its count, Clear Selection, Cancel and Exit, in danger colour for archive', () => {
    const html = banner({ mode: 'delete' });
    expect(html).toContain('Archive 3');
    expect(html).toContain('Clear Selection');
    expect(html).toContain('Cancel');
    expect(html).toContain('Exit');
    expect(html).toContain('bg-danger');
  });

  it('offers the token withdrawal on the selection and on every wallet', () => {
    const html = banner({ mode: 'withdraw-tokens' });
    expect(html).toContain('Withdraw Tokens from 3…');
    expect(html).toContain('Withdraw Tokens from All…');
    expect(banner({ mode: 'withdraw-sol' })).not.toContain('from All');
  });

  it('offers the burn on the selection and on every wallet, in danger colour', () => {
    const html = banner({ mode: 'burn-tokens' });
    expect(html).toContain('Burn Dust of 3…');
    expect(html).toContain('Burn Dust of All…');
    expect(html).toContain('bg-danger');
  });

  it('uses the primary colour for copying public keys', () => {
    const html = banner({ mode: 'copy-public' });
    expect(html).toContain('Copy 3 Public Keys');
    expect(html).not.toContain('bg-danger');
  });
});
