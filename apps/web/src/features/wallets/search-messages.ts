import { ZodError } from 'zod';
import { ApiError } from '../../api/api-error';

/**
 * Spec 2 §8 search messages. A body that is not JSON, or not an object, is an invalid response;
 * an object of the wrong shape is an invalid format (§5 lists what a valid result holds).
 */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) {
      return 'Authentication failed. Please log in again.';
    }
    if (error.status >= 500) return 'Server error. Please try again later.';
    return `Search failed (${error.status})`;
  }
  if (error instanceof SyntaxError) return 'Invalid response from server';
  if (error instanceof ZodError) {
    const notAnObject = error.issues.some(
      (issue) => issue.path.length === 0 && issue.code === 'invalid_type',
    );
    return notAnObject ? 'Invalid response from server' : 'Invalid response format';
  }
  return 'Search failed. Please try again.';
}

export const SEARCH_EMPTY_MESSAGE = 'No results found for the query.';
