// Every JSON-RPC method the localnet answers, by name.

import { accountMethods } from './methods/account-methods.js';
import { assetMethods } from './methods/asset-methods.js';
import { blockMethods } from './methods/block-methods.js';
import { clusterMethods } from './methods/cluster-methods.js';
import { tokenMethods } from './methods/token-methods.js';
import { transactionMethods } from './methods/transaction-methods.js';
import type { RpcHandler } from './rpc-context.js';

export const METHODS: ReadonlyMap<string, RpcHandler> = new Map(
  Object.entries({
    ...clusterMethods,
    ...accountMethods,
    ...tokenMethods,
    ...transactionMethods,
    ...blockMethods,
    ...assetMethods,
  }),
);

/** Methods whose params are a named object rather than a positional array (DAS). */
export const NAMED_PARAM_METHODS: ReadonlySet<string> = new Set(Object.keys(assetMethods));
