export * from './balance/read-balance';
export * from './pool/endpoint-config';
export * from './pool/endpoint-pool';
export * from './scan/scan-wallets';
export * from './scan/scan-report';
export type { MintDirectory, MintInfo } from './scan/mint-directory';
export {
  concurrencyBounds,
  MIN_CONCURRENCY,
  DEFAULT_MAX_CONCURRENCY,
  OVERRIDE_MAX_CONCURRENCY,
  type ConcurrencyBounds,
} from './scan/adaptive-concurrency';
export { TOKEN_PROGRAM, TOKEN_2022_PROGRAM, type TokenProgram } from './scan/token-layout';
export * from './send/build-transaction';
export * from './send/simulate-transaction';
export * from './send/broadcast-transaction';
export * from './send/observe-signatures';
export * from './send/signature-observer';
export * from './send/drive-transaction';
export * from './send/transaction-error-reason';
export * from './lookup-tables/read-lookup-table';
export * from './lookup-tables/wait-until-usable';
export * from './assets/digital-assets';
