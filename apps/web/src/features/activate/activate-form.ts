import { activateRequestSchema, type ActivateRequest } from '@fleet/core';
import { ApiError, NetworkError } from '../../api/api-error';

export interface ActivateForm {
  readonly licenseKey: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export type ActivateFormErrors = Partial<Record<keyof ActivateForm | 'token', string>>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * Checks the activation form against the shared contract (`activateRequestSchema`: password 8 to
 * 128 characters, licence key required) plus the confirmation, which only the page knows about.
 */
export function validateActivateForm(
  token: string,
  form: ActivateForm,
):
  | { readonly ok: true; readonly request: ActivateRequest }
  | { readonly ok: false; readonly errors: ActivateFormErrors } {
  const parsed = activateRequestSchema.safeParse({
    token,
    licenseKey: form.licenseKey,
    password: form.password,
  });
  const errors: ActivateFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'token' || field === 'licenseKey' || field === 'password') && !errors[field]) {
        errors[field] = issue.message;
      }
    }
  }
  if (!errors.password && form.password !== form.confirmPassword) {
    errors.confirmPassword = PASSWORDS_DIFFER;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** The server's sentence (expired, revoked or exhausted licence; bad or used invite) first. */
export function activateErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) {
    return 'Unable to reach Fleet. Check your connection and try again.';
  }
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Unable to activate your account. Please try again later.';
}
