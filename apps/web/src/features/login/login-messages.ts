import { ApiError, NetworkError } from '../../api/api-error';

/** Spec 1 §8, Login: the server's sentence, else "Invalid credentials" for a 401, else a generic line. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return 'Unexpected error signing in. Please try again.';
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 401) return 'Invalid credentials';
    return 'Unable to sign in';
  }
  return 'Unexpected error signing in. Please try again.';
}
