// The Digital Asset Standard reads Fleet uses to name tokens (getAsset, getAssetBatch), answered
// for every mint on the chain, with the names and symbols registered by the admin helpers.

import { TOKEN_2022_PROGRAM, isTokenProgram } from '../../chain/program-ids.js';
import { tokenMetadataOf } from '../../chain/token-extensions.js';
import { parseMint } from '../../chain/token-layout.js';
import { pubkeyParam, typeError } from '../params.js';
import type { RpcContext, RpcHandler } from '../rpc-context.js';
import { RpcError, invalidParams } from '../rpc-error.js';

const MAX_BATCH = 1000;

/**
 * DAS params are named (`{ id }`); the dispatcher passes such an object as the first element.
 * Some clients send them positionally (`[id]`), which is accepted too.
 */
function namedParam(params: readonly unknown[], name: string): unknown {
  const first = params[0];
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    return (first as Record<string, unknown>)[name];
  }
  return first;
}

function assetOf(ctx: RpcContext, id: string): Record<string, unknown> | null {
  const account = ctx.chain.getAccount(id);
  if (account === null || !isTokenProgram(account.owner)) return null;
  const mint = parseMint(account.data);
  if (mint === null) return null;
  // Names registered by the admin helpers first, then a Token-2022 metadata extension.
  const onChain = account.owner === TOKEN_2022_PROGRAM ? tokenMetadataOf(account.data) : null;
  const metadata = ctx.assets.get(id) ?? onChain ?? { name: '', symbol: '' };
  return {
    interface: 'FungibleToken',
    id,
    content: {
      $schema: 'https://schema.metaplex.com/nft1.0.json',
      json_uri: '',
      files: [],
      metadata: { name: metadata.name, symbol: metadata.symbol },
      ...(onChain?.uri ? { json_uri: onChain.uri } : {}),
      links: {},
    },
    authorities:
      mint.mintAuthority === null ? [] : [{ address: mint.mintAuthority, scopes: ['full'] }],
    compression: {
      eligible: false,
      compressed: false,
      data_hash: '',
      creator_hash: '',
      asset_hash: '',
      tree: '',
      seq: 0,
      leaf_id: 0,
    },
    grouping: [],
    royalty: {
      royalty_model: 'creators',
      target: null,
      percent: 0,
      basis_points: 0,
      primary_sale_happened: false,
      locked: false,
    },
    creators: [],
    ownership: {
      frozen: false,
      delegated: false,
      delegate: null,
      ownership_model: 'token',
      owner: '',
    },
    supply: null,
    mutable: true,
    burnt: false,
    token_info: {
      symbol: metadata.symbol,
      supply: mint.supply,
      decimals: mint.decimals,
      token_program: account.owner === TOKEN_2022_PROGRAM ? TOKEN_2022_PROGRAM : account.owner,
      mint_authority: mint.mintAuthority,
      freeze_authority: mint.freezeAuthority,
    },
  };
}

export const assetMethods: Record<string, RpcHandler> = {
  getAsset: (params, ctx) => {
    const id = pubkeyParam(namedParam(params, 'id'));
    const asset = assetOf(ctx, id);
    if (asset === null) throw new RpcError(-32000, 'Asset Not Found');
    return asset;
  },
  getAssetBatch: (params, ctx) => {
    const ids = namedParam(params, 'ids');
    if (!Array.isArray(ids)) throw typeError(ids, 'a sequence');
    if (ids.length > MAX_BATCH) throw invalidParams(`Batch size exceeds maximum of ${MAX_BATCH}`);
    return ids.map((id) => assetOf(ctx, pubkeyParam(id)));
  },
};
