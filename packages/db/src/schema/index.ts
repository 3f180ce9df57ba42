export * from './app-meta';
