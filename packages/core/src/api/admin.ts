import { z } from 'zod';

/** Spec 1 §3, §9: a licence key with 999999 maximum uses is unlimited. */
export const UNLIMITED_USES = 999_999;
export const LICENSE_TIERS = ['basic', 'pro', 'enterprise'] as const;
export const licenseTierSchema = z.enum(LICENSE_TIERS, {
  message: `Tier must be one of ${LICENSE_TIERS.join(', ')}`,
});
export type LicenseTier = z.infer<typeof licenseTierSchema>;

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** A licence key as the admin console lists it (spec 1 §3 field names). */
export const licenseKeySchema = z.object({
  key: z.string(),
  tier: z.string(),
  uses: z.number().int(),
  max_uses: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  name: z.string().nullable(),
});
export type LicenseKey = z.infer<typeof licenseKeySchema>;

export const listLicenseKeysResponseSchema = z.object({ keys: z.array(licenseKeySchema) });

export const createLicenseKeysRequestSchema = z.object({
  durationDays: z.coerce
    .number({ message: 'Duration must be a number of days' })
    .int('Duration must be a whole number of days')
    .min(1, 'Duration must be at least 1 day')
    .max(3650, 'Duration must be at most 3650 days'),
  tier: licenseTierSchema,
  batch: z.coerce
    .number({ message: 'Batch size must be a number' })
    .int('Batch size must be a whole number')
    .min(1, 'Batch size must be between 1 and 100')
    .max(100, 'Batch size must be between 1 and 100'),
  maxUses: z.coerce
    .number({ message: 'Maximum uses must be a number' })
    .int('Maximum uses must be a whole number')
    .min(1, `Maximum uses must be between 1 and ${UNLIMITED_USES}`)
    .max(UNLIMITED_USES, `Maximum uses must be between 1 and ${UNLIMITED_USES}`),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CreateLicenseKeysRequest = z.input<typeof createLicenseKeysRequestSchema>;

export const createLicenseKeysResponseSchema = z.object({
  success: z.literal(true),
  keys: z.array(licenseKeySchema),
});

export const revokeLicenseKeyRequestSchema = z.object({
  key: z.string({ message: 'Key is required' }).trim().min(1, 'Key is required').max(128),
});

export const upgradeLicenseKeyRequestSchema = z
  .object({
    key: z.string({ message: 'Key is required' }).trim().min(1, 'Key is required').max(128),
    newTier: licenseTierSchema.optional(),
    newMaxUses: z.coerce
      .number({ message: 'Maximum uses must be a number' })
      .int('Maximum uses must be a whole number')
      .min(1, `Maximum uses must be between 1 and ${UNLIMITED_USES}`)
      .max(UNLIMITED_USES, `Maximum uses must be between 1 and ${UNLIMITED_USES}`)
      .optional(),
  })
  .refine((value) => value.newTier !== undefined || value.newMaxUses !== undefined, {
    message: 'Please provide either a new tier or new maximum uses value',
  });
export type UpgradeLicenseKeyRequest = z.input<typeof upgradeLicenseKeyRequestSchema>;

export const licenseKeyResponseSchema = z.object({
  success: z.literal(true),
  key: licenseKeySchema,
});
