import { z } from 'zod';
import { FLEET_ERROR_STATUS, type FleetErrorCode } from '../errors/fleet-error';

const codes = Object.keys(FLEET_ERROR_STATUS) as [FleetErrorCode, ...FleetErrorCode[]];

/** The body of every failed `/api` call. */
export const errorBodySchema = z.object({ error: z.string(), code: z.enum(codes) });
