// Landed transactions by signature and by every account they touch. Per-address lists hold
// landing sequence numbers in ascending order, so paging with `before`/`until` is a binary search.

import type { TransactionRecord } from './transaction-record.js';

export interface SignatureQuery {
  readonly before?: string | undefined;
  readonly until?: string | undefined;
  readonly limit: number;
}

export class TransactionIndex {
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly bySeq: TransactionRecord[] = [];
  private readonly byAddress = new Map<string, number[]>();

  get size(): number {
    return this.bySeq.length;
  }

  nextSeq(): number {
    return this.bySeq.length;
  }

  add(record: TransactionRecord, addresses: readonly string[]): void {
    if (record.seq !== this.bySeq.length)
      throw new Error(`out-of-order transaction record ${record.seq}`);
    this.bySeq.push(record);
    this.bySignature.set(record.signature, record);
    for (const address of new Set(addresses)) {
      let list = this.byAddress.get(address);
      if (list === undefined) {
        list = [];
        this.byAddress.set(address, list);
      }
      list.push(record.seq);
    }
  }

  get(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Newest first, like Agave. */
  signaturesFor(address: string, query: SignatureQuery): TransactionRecord[] {
    const list = this.byAddress.get(address) ?? [];
    let end = list.length; // exclusive upper bound in the ascending list
    if (query.before !== undefined) {
      const before = this.bySignature.get(query.before);
      end = before === undefined ? 0 : lowerBound(list, before.seq);
    }
    let floor = -1;
    if (query.until !== undefined) {
      const until = this.bySignature.get(query.until);
      if (until !== undefined) floor = until.seq;
    }
    const out: TransactionRecord[] = [];
    for (let i = end - 1; i >= 0 && out.length < query.limit; i--) {
      const seq = list[i];
      if (seq === undefined || seq <= floor) break;
      const record = this.bySeq[seq];
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  all(): readonly TransactionRecord[] {
    return this.bySeq;
  }

  /** The transactions that landed in `slot`, in landing order (slots only grow with seq). */
  inSlot(slot: bigint): TransactionRecord[] {
    let lo = 0;
    let hi = this.bySeq.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.bySeq[mid]?.slot ?? 0n) < slot) lo = mid + 1;
      else hi = mid;
    }
    const out: TransactionRecord[] = [];
    for (let i = lo; i < this.bySeq.length && this.bySeq[i]?.slot === slot; i++) {
      const record = this.bySeq[i];
      if (record !== undefined) out.push(record);
    }
    return out;
  }
}

function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
