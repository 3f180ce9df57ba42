// Sending, simulating and looking up transactions, and the faucet's requestAirdrop.

import type { SimulationOutcome } from '../../chain/transaction-simulation.js';
import { transactionErrorText } from '../../chain/transaction-error.js';
import type { WireTransaction } from '../../chain/wire-transaction.js';
import { encodeBase64 } from '../../codec/base64.js';
import { encodeAccount, encodingParam } from '../account-encoding.js';
import {
  booleanParam,
  checkCommitment,
  checkMinContextSlot,
  configParam,
  displayValue,
  optionalString,
  pubkeyParam,
  requireParam,
  signatureParam,
  typeError,
  u64Param,
  usizeParam,
} from '../params.js';
import { withContext, type RpcContext, type RpcHandler } from '../rpc-context.js';
import {
  internalError,
  invalidParams,
  preflightFailure,
  signatureVerificationFailure,
  unsupportedTransactionVersion,
} from '../rpc-error.js';
import { decodeTransactionParam, transactionEncodingParam } from '../transaction-param.js';
import {
  encodeTransactionRecord,
  isVersionedRecord,
  statusOf,
  transactionDetailEncoding,
} from '../transaction-json.js';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_LIMIT = 1000;

function simulationValue(
  outcome: SimulationOutcome,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    accounts: null,
    err: outcome.err,
    innerInstructions: null,
    loadedAccountsDataSize: outcome.loadedAccountsDataSize,
    logs: outcome.logs,
    replacementBlockhash: null,
    returnData:
      outcome.returnData === null
        ? null
        : {
            data: [encodeBase64(outcome.returnData.data), 'base64'],
            programId: outcome.returnData.programId,
          },
    unitsConsumed: outcome.unitsConsumed,
    // Fields newer Agave releases (and kit's types) add to the simulation result.
    fee: outcome.err === null ? outcome.fee : null,
    loadedAddresses:
      outcome.keys === null
        ? null
        : { readonly: outcome.keys.loadedReadonly, writable: outcome.keys.loadedWritable },
    preBalances: outcome.keys === null ? null : outcome.preBalances,
    postBalances: outcome.keys === null ? null : outcome.postBalances,
    preTokenBalances: outcome.keys === null ? null : outcome.preTokenBalances,
    postTokenBalances: outcome.keys === null ? null : outcome.postTokenBalances,
    ...extra,
  };
}

/** The sandbox market's pools sign their part of a swap assembled from its instructions. */
function cosigned(ctx: RpcContext, tx: WireTransaction): WireTransaction {
  return ctx.cosign === undefined ? tx : ctx.cosign(tx);
}

const sendTransaction: RpcHandler = (params, ctx) => {
  const raw = requireParam(params, 0, 'tuple of 2 elements');
  const config = configParam(params, 1);
  checkCommitment(config);
  const tx = cosigned(ctx, decodeTransactionParam(raw, transactionEncodingParam(config)));
  checkMinContextSlot(config, ctx.slot());
  const skipPreflight =
    config['skipPreflight'] === undefined ? false : booleanParam(config['skipPreflight']);
  if (config['maxRetries'] !== undefined && config['maxRetries'] !== null)
    usizeParam(config['maxRetries']);
  if (!skipPreflight) {
    const outcome = ctx.chain.simulate(tx, { sigVerify: true, checkBlockhash: true });
    if (outcome.err === 'SignatureFailure') throw signatureVerificationFailure();
    if (outcome.err !== null) {
      throw preflightFailure(
        `Transaction simulation failed: ${transactionErrorText(outcome.err)}`,
        simulationValue(outcome),
      );
    }
  }
  // A dropped send answers like a healthy one; the transaction simply never lands.
  if (!ctx.dropSend()) ctx.chain.land(tx);
  return tx.signature;
};

const simulateTransaction: RpcHandler = (params, ctx) => {
  const raw = requireParam(params, 0, 'tuple of 2 elements');
  const config = configParam(params, 1);
  checkCommitment(config);
  const tx = cosigned(ctx, decodeTransactionParam(raw, transactionEncodingParam(config)));
  checkMinContextSlot(config, ctx.slot());
  const sigVerify = config['sigVerify'] === undefined ? false : booleanParam(config['sigVerify']);
  const replace =
    config['replaceRecentBlockhash'] === undefined
      ? false
      : booleanParam(config['replaceRecentBlockhash']);
  if (sigVerify && replace)
    throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  const outcome = ctx.chain.simulate(tx, { sigVerify, checkBlockhash: !replace });
  if (sigVerify && outcome.err === 'SignatureFailure') throw signatureVerificationFailure();
  const extra: Record<string, unknown> = {};
  if (replace) extra['replacementBlockhash'] = ctx.chain.latestBlockhash();
  if (config['innerInstructions'] === true) extra['innerInstructions'] = outcome.innerInstructions;
  const accountsConfig = config['accounts'];
  if (accountsConfig !== undefined && accountsConfig !== null) {
    if (typeof accountsConfig !== 'object' || Array.isArray(accountsConfig)) {
      throw typeError(accountsConfig, 'struct RpcSimulateTransactionAccountsConfig');
    }
    const { addresses } = accountsConfig as Record<string, unknown>;
    if (!Array.isArray(addresses)) throw typeError(addresses, 'a sequence');
    const encoding = encodingParam(accountsConfig as Record<string, unknown>, 'base64');
    const options = {
      encoding,
      dataSlice: null,
      decimalsOf: (mint: string) => ctx.chain.mintDecimals(mint),
    };
    extra['accounts'] = addresses.map((value) => {
      const address = pubkeyParam(value);
      const account = outcome.postAccounts.get(address) ?? ctx.chain.getAccount(address);
      return account === null || account.lamports === 0n ? null : encodeAccount(account, options);
    });
  }
  return withContext(ctx, simulationValue(outcome, extra));
};

const getSignatureStatuses: RpcHandler = (params, ctx) => {
  const raw = requireParam(params, 0, 'tuple of 2 elements');
  if (!Array.isArray(raw)) throw typeError(raw, 'a sequence');
  if (raw.length > MAX_SIGNATURE_STATUSES) {
    throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
  }
  const signatures = raw.map(signatureParam);
  const config = configParam(params, 1);
  const searchHistory =
    config['searchTransactionHistory'] === undefined
      ? false
      : booleanParam(config['searchTransactionHistory']);
  return withContext(
    ctx,
    signatures.map((signature) => {
      const record = ctx.chain.index.get(signature);
      if (record === undefined || (!searchHistory && !ctx.chain.inStatusCache(record))) return null;
      return {
        confirmationStatus: 'finalized',
        confirmations: null,
        err: record.err,
        slot: record.slot,
        status: statusOf(record),
      };
    }),
  );
};

const getTransaction: RpcHandler = (params, ctx) => {
  const signature = signatureParam(requireParam(params, 0, 'tuple of 2 elements'));
  const second = params[1];
  // The second param may be a bare encoding string (deprecated form) or a config object.
  const config = typeof second === 'string' ? { encoding: second } : configParam(params, 1);
  checkCommitment(config);
  if (config['commitment'] === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`');
  }
  const encoding = transactionDetailEncoding(config['encoding']);
  const maxVersion = config['maxSupportedTransactionVersion'];
  if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) {
    throw invalidParams(
      `Invalid params: invalid value: integer \`${displayValue(maxVersion)}\`, expected u8 0.`,
    );
  }
  const record = ctx.chain.index.get(signature);
  if (record === undefined) return null;
  // Without maxSupportedTransactionVersion, a v0 transaction is refused, as on Agave.
  if (maxVersion !== 0 && isVersionedRecord(record)) throw unsupportedTransactionVersion(0);
  return encodeTransactionRecord(record, encoding, maxVersion === 0);
};

const getSignaturesForAddress: RpcHandler = (params, ctx) => {
  const address = pubkeyParam(requireParam(params, 0, 'tuple of 2 elements'));
  const config = configParam(params, 1);
  checkCommitment(config);
  checkMinContextSlot(config, ctx.slot());
  const limit =
    config['limit'] === undefined || config['limit'] === null
      ? MAX_SIGNATURES_LIMIT
      : usizeParam(config['limit']);
  if (limit === 0 || limit > MAX_SIGNATURES_LIMIT)
    throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_LIMIT}`);
  const before = optionalString(config, 'before');
  const until = optionalString(config, 'until');
  if (before !== undefined) signatureParam(before);
  if (until !== undefined) signatureParam(until);
  return ctx.chain.index.signaturesFor(address, { before, until, limit }).map((record) => ({
    blockTime: record.blockTime,
    confirmationStatus: 'finalized',
    err: record.err,
    memo: record.memo,
    signature: record.signature,
    slot: record.slot,
  }));
};

const requestAirdrop: RpcHandler = (params, ctx: RpcContext) => {
  const address = pubkeyParam(requireParam(params, 0, 'tuple of 3 elements'));
  const lamports = u64Param(requireParam(params, 1, 'tuple of 3 elements'));
  const config = configParam(params, 2);
  checkCommitment(config);
  const { signature, outcome } = ctx.faucet.airdrop(address, lamports);
  // As on Agave, an airdrop that lands but fails (say, below rent exemption) still answers with
  // its signature; the failure shows in its status. Only a faucet that cannot send is an error.
  if (!outcome.landed) {
    throw internalError(`Failed to send airdrop transaction: ${transactionErrorText(outcome.err)}`);
  }
  return signature;
};

export const transactionMethods: Record<string, RpcHandler> = {
  sendTransaction,
  simulateTransaction,
  getSignatureStatuses,
  getTransaction,
  getSignaturesForAddress,
  requestAirdrop,
};
