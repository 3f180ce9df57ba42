export * from './connection';
export * from './migrate';
export * from './ping';
export * as schema from './schema';
export * from './tenant-scope';
export * from './database-role';
export * from './session-lock';
