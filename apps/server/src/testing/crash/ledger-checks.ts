// The checks every operation of the crash scenario shares, on its ledger against the chain: each
// step or item signed again only after its transaction expired unseen, nothing expired that the
// chain has, nothing left unsettled, and no transaction of the master on chain that the ledger
// does not have as landed. Pure, so a test can feed it a broken history and see each count move.

/** What the checks read of one ledger transaction. */
export interface CheckedTransaction {
  readonly state: string;
  readonly signature: string | null;
  /** The lookup-table setup step it carries out; null for a transaction of items. */
  readonly setupStep: number | null;
  readonly itemIds: readonly string[];
}

export interface LedgerChecks {
  /** Ledger transactions followed by another for the same step or item without having expired. */
  readonly resignedEarly: number;
  /** Ledger transactions recorded as expired whose signature the chain has nonetheless. */
  readonly expiredButLanded: number;
  /** Ledger transactions still planned, signed or sent after the job ended. */
  readonly unsettled: number;
  /** Transactions that touched the master during the operation but that the ledger has not as landed. */
  readonly unrecordedLandings: number;
  /** Transactions of the master on chain during the operation, and those the ledger has as landed. */
  readonly landedOnChain: number;
  readonly landedInLedger: number;
}

export function checkLedger(input: {
  /** Every transaction of the operation, in the order they were planned. */
  readonly transactions: readonly CheckedTransaction[];
  /** Which of the ledger's signatures the chain has. */
  readonly landed: ReadonlyMap<string, unknown>;
  /** Signatures that touched the master since before the operation. */
  readonly masterSignatures: ReadonlySet<string>;
}): LedgerChecks {
  const { transactions, landed } = input;
  const byState = (states: readonly string[]) =>
    transactions.filter((tx) => states.includes(tx.state));

  // A step or an item is signed again only after its previous transaction expired unseen.
  const groups = new Map<string, string[]>();
  for (const tx of transactions) {
    const keys =
      tx.setupStep === null ? tx.itemIds.map((id) => `item:${id}`) : [`step:${tx.setupStep}`];
    for (const key of keys) groups.set(key, [...(groups.get(key) ?? []), tx.state]);
  }
  let resignedEarly = 0;
  for (const states of groups.values()) {
    resignedEarly += states.slice(0, -1).filter((state) => state !== 'expired').length;
  }

  const recorded = new Set(
    byState(['confirmed', 'failed']).flatMap((tx) => (tx.signature === null ? [] : [tx.signature])),
  );
  return {
    resignedEarly,
    expiredButLanded: byState(['expired']).filter(
      (tx) => tx.signature !== null && landed.has(tx.signature),
    ).length,
    unsettled: byState(['planned', 'signed', 'sent']).length,
    unrecordedLandings: [...input.masterSignatures].filter((s) => !recorded.has(s)).length,
    landedOnChain: input.masterSignatures.size,
    landedInLedger: recorded.size,
  };
}
