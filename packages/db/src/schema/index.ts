export * from './app-meta';
export * from './tenancy';
export * from './vault';
export * from './master-wallet';
export * from './wallets';
export * from './organize';
export * from './scans';
export * from './jobs';
