import {
  applyObservation,
  transition,
  type LedgerTransaction,
  type SignatureStatus,
  type TransactionEvent,
} from '@fleet/core';

/** Whether two records of one transaction say the same thing. */
export function sameTransaction(a: LedgerTransaction, b: LedgerTransaction): boolean {
  return (
    a.id === b.id &&
    a.operationId === b.operationId &&
    a.state === b.state &&
    a.signature === b.signature &&
    a.lastValidBlockHeight === b.lastValidBlockHeight &&
    a.blockHeightSeen === b.blockHeightSeen &&
    a.broadcasts === b.broadcasts &&
    a.lastBroadcastAt === b.lastBroadcastAt &&
    a.failureReason === b.failureReason &&
    a.itemIds.length === b.itemIds.length &&
    a.itemIds.every((id, index) => b.itemIds[index] === id)
  );
}

/**
 * Whether `next` is what core's `transition` (or `applyObservation`, a height then a status, or a
 * signature then its first broadcast) answers from `stored` for some event. The events are read off `next` itself (its signature,
 * broadcast time, height, failure reason), so the check is exactly the state machine's, not a
 * second copy of its rules.
 */
export function isLegalStep(stored: LedgerTransaction, next: LedgerTransaction): boolean {
  const statuses: SignatureStatus[] = [
    { kind: 'confirmed' },
    { kind: 'notFound' },
    { kind: 'failed', reason: next.failureReason ?? '' },
  ];
  const events: TransactionEvent[] = statuses.map((status) => ({ type: 'statusSeen', status }));
  if (next.signature !== null && next.lastValidBlockHeight !== null) {
    events.push({
      type: 'signed',
      signature: next.signature,
      lastValidBlockHeight: next.lastValidBlockHeight,
    });
  }
  if (next.lastBroadcastAt !== null) events.push({ type: 'broadcast', at: next.lastBroadcastAt });
  if (next.blockHeightSeen !== null) {
    events.push({ type: 'blockHeightNow', height: next.blockHeightSeen });
  }
  const single = events.some((event) => {
    const result = transition(stored, event);
    return result.ok && sameTransaction(result.value, next);
  });
  if (single) return true;
  // The signature and its first broadcast in one write: the bytes still commit before the send,
  // and a crash after the commit finds `sent` and asks the chain before sending them again.
  if (stored.state === 'planned' && next.state === 'sent') {
    const signed = events.find((event) => event.type === 'signed');
    const sent = signed ? transition(stored, signed) : null;
    const broadcast = events.find((event) => event.type === 'broadcast');
    const result = sent?.ok && broadcast ? transition(sent.value, broadcast) : null;
    return result?.ok === true && sameTransaction(result.value, next);
  }
  if (next.blockHeightSeen === null) return false;
  const height = next.blockHeightSeen;
  return statuses.some((status) => {
    const result = applyObservation(stored, { status, blockHeight: height, now: 0 });
    return result.ok && sameTransaction(result.value, next);
  });
}
