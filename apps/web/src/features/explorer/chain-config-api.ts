import { chainConfigSchema, type ChainConfig } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const chainConfigQueryKey = ['chain'] as const;

export function fetchChainConfig(signal?: AbortSignal): Promise<ChainConfig> {
  return apiRequest('/api/chain', { schema: chainConfigSchema, ...(signal ? { signal } : {}) });
}
