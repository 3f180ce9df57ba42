import { z } from 'zod';
import { FLEET_ERROR_CODES, type FleetErrorCode } from '../errors/fleet-error';

const codes = FLEET_ERROR_CODES as readonly FleetErrorCode[] as [FleetErrorCode, ...FleetErrorCode[]];

/** The body of every failed `/api` call. */
export const errorBodySchema = z.object({ error: z.string(), code: z.enum(codes) });
