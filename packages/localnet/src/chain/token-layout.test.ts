import { describe, expect, it } from 'vitest';

import {
  encodeMint,
  encodeTokenAccount,
  parseMint,
  parseTokenAccount,
  uiTokenAmount,
} from './token-layout.js';

const MINT = 'So11111111111111111111111111111111111111112';
const OWNER = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('token layouts', () => {
  it('round-trips a token account and a mint through the SPL byte layouts', () => {
    const account = {
      mint: MINT,
      owner: OWNER,
      amount: 18_446_744_073_709_551_615n,
      delegate: MINT,
      state: 'frozen' as const,
      isNative: 2_039_280n,
      delegatedAmount: 5n,
      closeAuthority: null,
    };
    expect(parseTokenAccount(encodeTokenAccount(account))).toEqual(account);
    const mint = {
      mintAuthority: null,
      supply: 10n ** 18n,
      decimals: 9,
      isInitialized: true,
      freezeAuthority: OWNER,
    };
    expect(parseMint(encodeMint(mint))).toEqual(mint);
  });

  it('reads Token-2022 accounts with extensions by their account-type byte', () => {
    const base = encodeTokenAccount({
      mint: MINT,
      owner: OWNER,
      amount: 1n,
      delegate: null,
      state: 'initialized',
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    });
    const extended = new Uint8Array(170);
    extended.set(base);
    extended[165] = 2; // AccountType::Account
    expect(parseTokenAccount(extended)?.amount).toBe(1n);
    expect(parseMint(extended)).toBeNull();
  });
});

describe('uiTokenAmount', () => {
  it('formats raw amounts exactly, without float arithmetic on the string', () => {
    expect(uiTokenAmount(1_500_000n, 6)).toEqual({
      amount: '1500000',
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: '1.5',
    });
    expect(uiTokenAmount(5n, 9).uiAmountString).toBe('0.000000005');
    expect(uiTokenAmount(0n, 2).uiAmountString).toBe('0');
    expect(uiTokenAmount(18_446_744_073_709_551_615n, 0).uiAmountString).toBe(
      '18446744073709551615',
    );
    expect(uiTokenAmount(18_446_744_073_709_551_615n, 9).uiAmountString).toBe(
      '18446744073.709551615',
    );
  });
});
