export * from './wallet-ids';
export * from './wallet-lookups';
export * from './wallet-writes';
export * from './wallet-balances';
export * from './wallet-holdings';
export * from './wallet-key-reads';
