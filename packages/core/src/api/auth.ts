import { z } from 'zod';

/** `GET /api/auth/me` and `POST /api/auth/login` (spec 1 §3 Session, §7). */
export const sessionResponseSchema = z.object({
  token: z.string().optional(),
  user: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  license: z.object({ key: z.string() }),
  tenant: z.object({ id: z.string() }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Spec 1 §5 "Sign-in and invite": the messages are the contract's words. */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const inviteRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter an email address.'),
  captchaToken: z.string().optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteResponseSchema = z.object({
  inviteExpiresAt: z.string().optional(),
  token: z.string().optional(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;
