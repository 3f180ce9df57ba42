export { createLocalnet } from './create-localnet.js';
export type { Localnet, LocalnetEndpointUrls, LocalnetOptions } from './create-localnet.js';
export type {
  CreateMintOptions,
  CreateTokenAccountOptions,
  LocalnetAdmin,
  SetAccountOptions,
  SetClockOptions,
  TokenProgramName,
} from './admin/admin.js';
export { AdminError } from './admin/admin.js';
export type { AssetMetadata, CompressedNftRecord } from './admin/asset-registry.js';
export { JournalError } from './chain/chain-journal.js';
export { LocalnetDataError } from './persistence/journal-file.js';
export type { AdmittedCalls, EndpointCounters } from './faults/endpoint.js';
export type { ErrorKind, FaultProfile, LostAckKind } from './faults/fault-profile.js';
export { FaultProfileError } from './faults/fault-profile.js';
export type { SandboxMarket, SandboxMarketOptions } from './market/create-market.js';
export { DEFAULT_MARKET_SEED } from './market/create-market.js';
export type { ActivityOptions, StepOutcome } from './market/activity/activity-generator.js';
export type { ActivityGenerator } from './market/activity/activity-generator.js';
export type {
  MarketRequest,
  MarketResponse,
  ProviderHandler,
} from './market/http/market-request.js';
export * from './market/market-model.js';
