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
export { JournalError } from './chain/chain-journal.js';
export { LocalnetDataError } from './persistence/journal-file.js';
export type { AdmittedCalls, EndpointCounters } from './faults/endpoint.js';
export type { ErrorKind, FaultProfile, LostAckKind } from './faults/fault-profile.js';
export { FaultProfileError } from './faults/fault-profile.js';
