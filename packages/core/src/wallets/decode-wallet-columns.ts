import type { SlimWalletListResponse } from '../api/wallet-columns';
import type { SlimWallet } from '../api/wallets';

/**
 * The columnar wallet list (`slimWalletListResponseSchema`) as `SlimWallet` rows, in the server's
 * order. Linear, one object per wallet; times become ISO strings as `Date#toISOString` writes
 * them. Wallets of one import share a timestamp, so the last conversion is reused while it repeats.
 */
export function decodeSlimWalletColumns(body: SlimWalletListResponse): SlimWallet[] {
  const { columns, dictionaries } = body;
  const toIso = lastValueMemo((ms: number) => new Date(ms).toISOString());
  const toIsoScanned = lastValueMemo((ms: number) => new Date(ms).toISOString());
  const importBatchIds = dictionaries.importBatchIds;
  const wallets = new Array<SlimWallet>(body.count);
  for (let row = 0; row < body.count; row += 1) {
    const source = dictionaries.sources[at(columns.source, row)];
    if (source === undefined) throw new RangeError(`wallet ${row} names an unknown source`);
    const batch = at(columns.importBatch, row);
    const total = at(columns.tokenAccounts, row);
    const withBalance = at(columns.fundedTokenAccounts, row);
    const scanned = at(columns.lastScannedAt, row);
    wallets[row] = {
      id: at(columns.id, row),
      address: at(columns.address, row),
      name: at(columns.name, row),
      lamports: at(columns.lamports, row),
      tokenStats: { total, withBalance, zeroBalance: total - withBalance },
      isTrader: at(columns.trader, row) === 1,
      isMasterWallet: at(columns.master, row) === 1,
      importStatus: at(columns.importStatus, row),
      importBatchId: batch === null ? null : dictionaryEntry(importBatchIds, batch, row),
      sourceKind: source.kind,
      sourceId: source.id,
      sourceLabel: source.label,
      tagIds: idList(at(columns.tags, row), dictionaries.tagIds, row),
      groupIds: idList(at(columns.groups, row), dictionaries.groupIds, row),
      poolCreator: at(columns.poolCreator, row) === 1,
      tokensValueUsd: at(columns.tokensValueUsd, row),
      lastScannedAt: scanned === null ? null : toIsoScanned(scanned),
      createdAt: toIso(at(columns.createdAt, row)),
    };
  }
  return wallets;
}

function at<T>(column: readonly T[], row: number): T {
  if (row >= column.length) throw new RangeError(`a column ends before wallet ${row}`);
  return column[row] as T;
}

function dictionaryEntry(dictionary: readonly string[], index: number, row: number): string {
  const entry = dictionary[index];
  if (entry === undefined) throw new RangeError(`wallet ${row} names an unknown dictionary entry`);
  return entry;
}

function idList(indexes: readonly number[], dictionary: readonly string[], row: number): string[] {
  return indexes.length === 0
    ? []
    : indexes.map((index) => dictionaryEntry(dictionary, index, row));
}

function lastValueMemo<T>(convert: (input: number) => T): (input: number) => T {
  let lastInput = Number.NaN;
  let lastOutput: T | undefined;
  return (input) => {
    if (input !== lastInput || lastOutput === undefined) {
      lastInput = input;
      lastOutput = convert(input);
    }
    return lastOutput;
  };
}
