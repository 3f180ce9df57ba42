export * from './balance/read-balance';
