export * from './test-database';
export * from './pglite-cluster';
