// The ledger's SQL (decision 019), one file per table family; this file only re-exports.
export { PLAN_VALIDITY_MS, consumePlan, savePlan } from './plan-repository';
export type { PlanToSave, StoredPlan } from './plan-repository';
export {
  createOperation,
  findOperationIdByJob,
  listOperations,
  loadOperation,
  refreshOperationSummary,
  requireRetryable,
  setOperationJob,
  totalsJson,
  writeOperationSummary,
} from './operation-repository';
export type {
  NewItem,
  NewOperation,
  OperationFilter,
  OperationRow,
  StoredOperation,
} from './operation-repository';
export {
  insertPlannedTransactions,
  loadTransactions,
  recordTransaction,
  transactionsToReconcile,
} from './transaction-repository';
export {
  createTransactionRecorder,
  type RecorderInput,
  type TransactionRecorder,
} from './transaction-recorder';
export type { PlannedRow, RecordTransaction, StoredTransaction } from './transaction-repository';
