import { sessionResponseSchema, type ActivateRequest, type SessionResponse } from '@fleet/core';
import { apiRequest } from '../../api/http';

/** Creates the account on the licence's tenant and signs it in (the answer is a session). */
export function activateAccount(request: ActivateRequest): Promise<SessionResponse> {
  return apiRequest('/api/auth/activate', {
    method: 'POST',
    body: request,
    schema: sessionResponseSchema,
  });
}
