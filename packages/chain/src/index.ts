export * from './balance/read-balance';
export * from './pool/endpoint-config';
export * from './pool/endpoint-pool';
export type { EndpointHealth, EndpointSnapshot } from './pool/endpoint-state';
