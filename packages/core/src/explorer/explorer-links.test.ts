import { describe, expect, it } from 'vitest';
import { explorerUrl, isExplorer, MAINNET_CHAIN } from './explorer-links';

const ADDRESS = 'So11111111111111111111111111111111111111112';
const SANDBOX = { cluster: 'custom', customRpcUrl: 'http://127.0.0.1:38211/' } as const;

describe('explorer links', () => {
  it('are the plain links on mainnet', () => {
    expect(explorerUrl('solana-explorer', MAINNET_CHAIN, 'address', ADDRESS)).toBe(
      `https://explorer.solana.com/address/${ADDRESS}`,
    );
    expect(explorerUrl('solscan', MAINNET_CHAIN, 'address', ADDRESS)).toBe(
      `https://solscan.io/account/${ADDRESS}`,
    );
    expect(explorerUrl('solanafm', MAINNET_CHAIN, 'tx', ADDRESS)).toBe(
      `https://solana.fm/tx/${ADDRESS}`,
    );
  });

  it('carry the sandbox RPC URL on a custom cluster', () => {
    expect(explorerUrl('solana-explorer', SANDBOX, 'address', ADDRESS)).toBe(
      `https://explorer.solana.com/address/${ADDRESS}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A38211%2F`,
    );
    const solscan = new URL(explorerUrl('solscan', SANDBOX, 'tx', ADDRESS) ?? '');
    expect(solscan.pathname).toBe(`/tx/${ADDRESS}`);
    expect(solscan.searchParams.get('cluster')).toBe('custom');
    expect(solscan.searchParams.get('customUrl')).toBe('http://127.0.0.1:38211/');
    const fm = new URL(explorerUrl('solanafm', SANDBOX, 'address', ADDRESS) ?? '');
    expect(fm.searchParams.get('customUrl')).toBe('http://127.0.0.1:38211/');
  });

  it('name a public test cluster the way each explorer spells it', () => {
    const devnet = { cluster: 'devnet', customRpcUrl: null } as const;
    expect(explorerUrl('solana-explorer', devnet, 'address', ADDRESS)).toBe(
      `https://explorer.solana.com/address/${ADDRESS}?cluster=devnet`,
    );
    expect(explorerUrl('solanafm', devnet, 'address', ADDRESS)).toBe(
      `https://solana.fm/address/${ADDRESS}?cluster=devnet-solana`,
    );
  });

  it('never turn a value that is not base58 into a link', () => {
    expect(explorerUrl('solscan', MAINNET_CHAIN, 'address', 'javascript:alert(1)')).toBeUndefined();
    expect(explorerUrl('solscan', SANDBOX, 'tx', `${ADDRESS}/../x`)).toBeUndefined();
  });

  it('know the explorers a stored preference may name', () => {
    expect(isExplorer('solscan')).toBe(true);
    expect(isExplorer('etherscan')).toBe(false);
    expect(isExplorer(null)).toBe(false);
  });
});
