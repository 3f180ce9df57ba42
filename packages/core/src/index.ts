export * from './errors/fleet-error';
export * from './redaction/redact-secrets';
export * from './api/health';
export * from './api/error-body';
export * from './api/auth';
