import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getMeRoute } from './get-me';
import { postActivateRoute } from './post-activate';
import { postInviteRequestRoute } from './post-invite-request';
import { postLoginRoute } from './post-login';
import { postLogoutRoute } from './post-logout';
import { postPasswordRoute } from './post-password';

/** Registers the auth routes under the prefix the caller chose (`/api`). */
export function registerAuthRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    getMeRoute,
    postLoginRoute,
    postLogoutRoute,
    postInviteRequestRoute,
    postActivateRoute,
    postPasswordRoute,
  ])
    route(api, services);
}
