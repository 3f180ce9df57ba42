// Token reads: accounts by owner or delegate, balances, supply and largest holders.

import type { AccountState } from '../../chain/account-state.js';
import { isTokenProgram } from '../../chain/program-ids.js';
import { parseMint, parseTokenAccount, uiTokenAmount } from '../../chain/token-layout.js';
import { encodeAccount } from '../account-encoding.js';
import { pubkeyParam, requireParam, typeError } from '../params.js';
import { withContext, type RpcContext, type RpcHandler } from '../rpc-context.js';
import { invalidParam, invalidParams } from '../rpc-error.js';
import { accountConfig } from './account-methods.js';

const LARGEST_ACCOUNTS = 20;

interface TokenFilter {
  readonly mint?: string;
  readonly programId?: string;
}

function tokenFilterParam(value: unknown, ctx: RpcContext): TokenFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw typeError(value, 'struct RpcTokenAccountsFilter');
  }
  const raw = value as Record<string, unknown>;
  if ('mint' in raw) {
    const mint = pubkeyParam(raw['mint']);
    const account = ctx.chain.getAccount(mint);
    if (account === null) throw invalidParam('could not find mint');
    if (!isTokenProgram(account.owner)) throw invalidParam('not a Token mint');
    return { mint, programId: account.owner };
  }
  if ('programId' in raw) {
    const programId = pubkeyParam(raw['programId']);
    if (!isTokenProgram(programId)) throw invalidParam('unrecognized Token program id');
    return { programId };
  }
  throw invalidParams('Invalid params: unknown variant, expected `mint` or `programId`.');
}

function tokenAccountsBy(kind: 'owner' | 'delegate'): RpcHandler {
  return (params, ctx) => {
    const key = pubkeyParam(requireParam(params, 0, 'tuple of 3 elements'));
    const filter = tokenFilterParam(requireParam(params, 1, 'tuple of 3 elements'), ctx);
    const { options } = accountConfig(params, 2, ctx);
    const addresses =
      kind === 'owner' ? ctx.chain.tokenIndex.ownedBy(key) : ctx.chain.tokenIndex.delegatedTo(key);
    const value: { account: Record<string, unknown>; pubkey: string }[] = [];
    for (const address of addresses) {
      const account = ctx.chain.getAccount(address);
      if (
        account === null ||
        (filter.programId !== undefined && account.owner !== filter.programId)
      )
        continue;
      const parsed = parseTokenAccount(account.data);
      if (parsed === null || (filter.mint !== undefined && parsed.mint !== filter.mint)) continue;
      value.push({ account: encodeAccount(account, options), pubkey: address });
    }
    return withContext(ctx, value);
  };
}

function readTokenAccount(
  ctx: RpcContext,
  address: string,
): { account: AccountState; amount: bigint; mint: string } {
  const account = ctx.chain.getAccount(address);
  if (account === null) throw invalidParam('could not find account');
  const parsed = isTokenProgram(account.owner) ? parseTokenAccount(account.data) : null;
  if (parsed === null) throw invalidParam('not a Token account');
  return { account, amount: parsed.amount, mint: parsed.mint };
}

function readMint(ctx: RpcContext, address: string): NonNullable<ReturnType<typeof parseMint>> {
  const account = ctx.chain.getAccount(address);
  if (account === null) throw invalidParam('could not find account');
  const mint = isTokenProgram(account.owner) ? parseMint(account.data) : null;
  if (mint === null) throw invalidParam('not a Token mint');
  return mint;
}

export const tokenMethods: Record<string, RpcHandler> = {
  getTokenAccountsByOwner: tokenAccountsBy('owner'),
  getTokenAccountsByDelegate: tokenAccountsBy('delegate'),
  getTokenAccountBalance: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    accountConfig(params, 1, ctx);
    const { amount, mint } = readTokenAccount(ctx, address);
    const decimals = ctx.chain.mintDecimals(mint);
    if (decimals === null) throw invalidParam('could not find mint');
    return withContext(ctx, uiTokenAmount(amount, decimals));
  },
  getTokenSupply: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    accountConfig(params, 1, ctx);
    const mint = readMint(ctx, address);
    return withContext(ctx, uiTokenAmount(mint.supply, mint.decimals));
  },
  getTokenLargestAccounts: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
    accountConfig(params, 1, ctx);
    const mint = readMint(ctx, address);
    const holders: { address: string; amount: bigint }[] = [];
    for (const holder of ctx.chain.tokenIndex.ofMint(address)) {
      const account = ctx.chain.getAccount(holder);
      const parsed = account === null ? null : parseTokenAccount(account.data);
      if (parsed !== null) holders.push({ address: holder, amount: parsed.amount });
    }
    holders.sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1));
    return withContext(
      ctx,
      holders
        .slice(0, LARGEST_ACCOUNTS)
        .map((h) => ({ address: h.address, ...uiTokenAmount(h.amount, mint.decimals) })),
    );
  },
};
