/**
 * The chain's transaction error as one line for the ledger's `failureReason` and for messages:
 * a bare name (`"AccountNotFound"`) as it is, a structured one (`{"InstructionError":[1,
 * {"Custom":1}]}`) as JSON, as the chain writes it (kit reads its numbers as bigints).
 */
export function transactionErrorReason(error: unknown): string {
  if (typeof error === 'string') return error;
  return JSON.stringify(error, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString()
      : value,
  );
}
