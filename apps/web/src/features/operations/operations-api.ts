import {
  operationDetailSchema,
  operationListSchema,
  type OperationDetail,
  type OperationKindName,
  type OperationList,
} from '@fleet/core';
import { apiRequest } from '../../api/http';

/** Every kind's history list: what an operation's end makes stale. */
export const operationListsQueryKey = ['operations', 'list'] as const;
export const operationsQueryKey = (kind: OperationKindName | null) =>
  [...operationListsQueryKey, kind ?? 'all'] as const;
export const operationQueryKey = (operationId: string) =>
  ['operations', 'detail', operationId] as const;

/** `GET /api/operations?kind=&cursor=`: newest first, a page at a time. */
export function fetchOperations(
  kind: OperationKindName | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OperationList> {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiRequest(`/api/operations${query ? `?${query}` : ''}`, {
    schema: operationListSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `GET /api/operations/:id`: the operation with its items and transactions. */
export function fetchOperation(
  operationId: string,
  signal?: AbortSignal,
): Promise<OperationDetail> {
  return apiRequest(`/api/operations/${encodeURIComponent(operationId)}`, {
    schema: operationDetailSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
