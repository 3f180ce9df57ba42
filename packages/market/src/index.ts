export * from './errors/market-error';
export * from './http/fetch-like';
export * from './budget/window-limiter';
export * from './budget/provider-account';
export * from './budget/provider-stats';
