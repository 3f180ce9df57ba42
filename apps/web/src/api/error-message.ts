import { ApiError, NetworkError } from './api-error';

/**
 * The sentence to show for a failed call: the server's own words (or its HTTP status) when it
 * answered, the network's reason when it did not, and the action's fallback for anything else
 * (an answer that did not match the contract).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message || fallback;
  return fallback;
}
