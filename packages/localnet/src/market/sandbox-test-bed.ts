// For the sandbox market's own tests: a localnet with the market on (no generator unless asked),
// a funded user who signs with @solana/kit, and small HTTP and balance helpers.

import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signTransaction,
  type KeyPairSigner,
} from '@solana/kit';

import { parseTokenAccount } from '../chain/token-layout.js';
import { createLocalnet, type Localnet, type LocalnetOptions } from '../create-localnet.js';
import { decodeBase64 } from '../codec/base64.js';
import type { SandboxMarket } from './create-market.js';
import type { SandboxToken } from './market-model.js';
import { tokenProgramId } from './seed/pool-vaults.js';
import { associatedTokenAddress } from './swap/associated-token.js';

export interface TestBed {
  readonly localnet: Localnet;
  readonly market: SandboxMarket;
  readonly rpc: ReturnType<typeof createSolanaRpc>;
  token(symbol: string): SandboxToken;
  fundedUser(sol?: bigint): Promise<KeyPairSigner>;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>;
  /** Signs a base64 transaction from the market with `user` and sends it through the RPC. */
  signAndSend(user: KeyPairSigner, base64: string): Promise<string>;
  tokenBalance(owner: string, mint: string): Promise<bigint>;
  close(): Promise<void>;
}

export async function startTestBed(options: LocalnetOptions = {}): Promise<TestBed> {
  const localnet = await createLocalnet({
    slotIntervalMs: 0,
    market: { seed: 'test-seed' },
    ...options,
  });
  const market = localnet.market;
  if (market === null) throw new Error('the market did not start');
  const rpc = createSolanaRpc(localnet.url);
  const view = market.view;
  return {
    localnet,
    market,
    rpc,
    token(symbol) {
      const found = view.tokens().find((t) => t.symbol === symbol);
      if (found === undefined) throw new Error(`no token ${symbol}`);
      return found;
    },
    async fundedUser(sol = 20n) {
      const user = await generateKeyPairSigner();
      await localnet.admin.fund(user.address, sol * 1_000_000_000n);
      return user;
    },
    async get(path, headers = {}) {
      const response = await fetch(`${market.url}${path}`, { headers });
      const text = await response.text();
      return { status: response.status, body: parse(text), headers: response.headers };
    },
    async post(path, body) {
      const response = await fetch(`${market.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: parse(await response.text()) };
    },
    async signAndSend(user, base64) {
      const transaction = getTransactionDecoder().decode(decodeBase64(base64));
      const signed = await signTransaction([user.keyPair], transaction);
      return rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
        .send();
    },
    async tokenBalance(owner, mint) {
      const token = view.token(mint);
      if (token === undefined) throw new Error(`unknown mint ${mint}`);
      const ata = await associatedTokenAddress(owner, mint, tokenProgramId(token.program));
      const info = await rpc
        .getAccountInfo(ata as Parameters<typeof rpc.getAccountInfo>[0], { encoding: 'base64' })
        .send();
      if (info.value === null) return 0n;
      return parseTokenAccount(decodeBase64(info.value.data[0]))?.amount ?? 0n;
    },
    close: () => localnet.close(),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (_error) {
    return text;
  }
}
