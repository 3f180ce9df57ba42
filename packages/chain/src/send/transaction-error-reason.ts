/**
 * The chain's transaction error as one line for the ledger's `failureReason` and for messages:
 * a bare name (`"AccountNotFound"`) as it is, a structured one (`{"InstructionError":[1,
 * {"Custom":1}]}`) as JSON, with u64s written as decimal numbers.
 */
export function transactionErrorReason(error: unknown): string {
  if (typeof error === 'string') return error;
  return JSON.stringify(error, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}
