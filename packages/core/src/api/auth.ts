import { z } from 'zod';

/**
 * `GET /api/auth/me`, `POST /api/auth/login`, `POST /api/auth/activate` (spec 1 §3 Session, §7).
 * `license.key` is masked (`maskLicenseKey`): the session never hands the credential back.
 */
export const sessionResponseSchema = z.object({
  token: z.string().optional(),
  user: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  license: z.object({ key: z.string(), tier: z.string(), expires_at: z.string() }),
  tenant: z.object({ id: z.string() }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

const email = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, 'Email is too long')
    .transform((value) => value.toLowerCase());

const emailAddressSchema = z.string().email();

/**
 * Whether a normalised e-mail (trimmed, lower-cased, as the request schemas leave it) is an
 * address at all. Sign-in accepts any text in the field (spec 1 §5 asks only that it be there), so
 * whatever was typed is checked before it is kept anywhere: a private key pasted into the field is
 * not an address and must not land in a log or a table.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailAddressSchema.safeParse(value).success;
}

/** Spec 1 §5 "Sign-in and invite": the messages are the contract's words. */
export const loginRequestSchema = z.object({
  email: email('Email is required'),
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const inviteRequestSchema = z.object({
  email: email('Please enter an email address.').pipe(
    z.string().email('Please enter a valid email address.'),
  ),
  captchaToken: z.string().max(4096).optional(),
});
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** 201 (new invite) or 202 (already in progress); `token` only in development. */
export const inviteResponseSchema = z.object({
  inviteExpiresAt: z.string().optional(),
  token: z.string().optional(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const newPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const activateRequestSchema = z.object({
  token: z
    .string({ message: 'Invite token is required' })
    .trim()
    .min(1, 'Invite token is required')
    .max(512),
  password: newPasswordSchema,
  licenseKey: z
    .string({ message: 'Licence key is required' })
    .trim()
    .min(1, 'Licence key is required')
    .max(128, 'Licence key is too long'),
});
export type ActivateRequest = z.input<typeof activateRequestSchema>;
