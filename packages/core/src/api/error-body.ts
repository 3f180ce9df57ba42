import { z } from 'zod';
import { FLEET_ERROR_CODES, type FleetErrorCode } from '../errors/fleet-error';

// The table has at least one code; zod wants that said in the type.
const codes = FLEET_ERROR_CODES as readonly [FleetErrorCode, ...FleetErrorCode[]];

/** The body of every failed `/api` call; `code` is one of the domain codes (`DOMAIN__REASON`). */
export const errorBodySchema = z.object({ error: z.string(), code: z.enum(codes) });
