export { createFeeSettingsService, type FeeSettingsService } from './fee-settings-service';
export { readTenantFeeCap } from './fee-settings-repository';
export { effectiveUnitPrice, serverUnitPrice } from './unit-price';
