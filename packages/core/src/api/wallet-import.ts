import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { seedGroupIdSchema } from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';
import { DEFAULT_DERIVATION_SCHEME, DERIVATION_SCHEMES } from '../seed/derivation-scheme';

/**
 * Wallet import (spec 1 §3, §5, §7): validate → scan preview → import, for pasted keys and for
 * accounts derived from a seed phrase. Seed phrases are derived in the browser; the phrase never
 * reaches the server, only the derived keys and a salted fingerprint.
 */
const address = addressTextSchema;
const base58Key = z.string().min(80).max(90);

export const MAX_IMPORT_KEYS = 5_000;

export const validateKeysRequestSchema = z.object({
  privateKeys: z.string({ message: 'No private keys detected in the input.' }),
});

const lineNumber = z.number().int().min(1);

/** Lines `line` to `endLine` (one line when equal) were not read, and why. */
export const keyProblemSchema = z.object({
  line: lineNumber,
  endLine: lineNumber,
  message: z.string(),
});
export type KeyProblem = z.infer<typeof keyProblemSchema>;

/** A key met again at `line`; it is read once, at `firstLine`. */
export const keyRepeatSchema = z.object({ line: lineNumber, firstLine: lineNumber });

/**
 * Spec 1 §3 "Validation result", plus where each key and each repeat was (issue 15: every
 * non-empty line not imported is named with its line and reason).
 */
export const validateKeysResponseSchema = z.object({
  privateKeys: z.array(base58Key),
  publicAddresses: z.array(address),
  /** The line each key was read from, index by index with `publicAddresses`. */
  keyLines: z.array(lineNumber),
  duplicateActiveAddresses: z.array(address),
  duplicateArchivedAddresses: z.array(address),
  duplicatesInInput: z.number().int(),
  repeats: z.array(keyRepeatSchema),
  problems: z.array(keyProblemSchema),
});
export type ValidateKeysResponse = z.infer<typeof validateKeysResponseSchema>;

export const scanPreviewRequestSchema = z.object({
  publicAddresses: z.array(address).min(1, 'No new wallets to scan').max(MAX_IMPORT_KEYS),
});

export const scanStatsSchema = z.object({
  endpoints: z.number().int(),
  endpointHits: z.record(z.string(), z.number()),
  endpointErrors: z.record(z.string(), z.number()),
  endpoint429s: z.record(z.string(), z.number()),
  durationMs: z.number(),
  throughputWalletsPerMin: z.number(),
  failedAddresses: z.array(z.string()),
});
export type ScanStats = z.infer<typeof scanStatsSchema>;

/** Spec 1 §3 "Scan preview response", plus each wallet's own line for the review table. */
export const scanPreviewResponseSchema = z.object({
  publicAddresses: z.array(address),
  wallets: z.array(
    z.object({
      address,
      ok: z.boolean(),
      lamports: u64StringSchema.nullable(),
      tokenAccounts: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
  tokens: z.array(
    z.object({
      mint: address,
      name: z.string().nullable(),
      symbol: z.string().nullable(),
      decimals: z.number().int(),
      totalAmount: u64StringSchema,
    }),
  ),
  holdersByMint: z.record(
    z.string(),
    z.array(
      z.object({
        wallet: address,
        lamports: u64StringSchema,
        amount: u64StringSchema,
        decimals: z.number().int(),
      }),
    ),
  ),
  stats: scanStatsSchema,
  /** "Scan failed for N wallet(s)" with the addresses, or null when every wallet was read. */
  error: z.string().nullable(),
});
export type ScanPreviewResponse = z.infer<typeof scanPreviewResponseSchema>;

export const importWalletsRequestSchema = z.object({
  privateKeys: z
    .array(base58Key)
    .min(1, 'Select at least one wallet to import.')
    .max(MAX_IMPORT_KEYS),
  preview: scanPreviewResponseSchema.optional(),
});

export const importWalletsResponseSchema = z.object({
  batchId: z.string(),
  created: z.number().int(),
  restored: z.number().int(),
  /** Already active: left as they were. */
  unchanged: z.number().int(),
  addresses: z.array(address),
});
export type ImportWalletsResponse = z.infer<typeof importWalletsResponseSchema>;

/** How the seed's accounts are derived (`seed/derivation-scheme.ts`); a vault records one. */
export const derivationSchemeSchema = z.enum(DERIVATION_SCHEMES, {
  message: 'Unknown derivation scheme',
});

export const seedGroupSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  seedFingerprint: z.string(),
  derivationScheme: derivationSchemeSchema,
  walletCount: z.number().int(),
  createdAt: z.string(),
});
export type SeedGroup = z.infer<typeof seedGroupSchema>;

/** `GET /api/seed-groups`: the groups and this tenant's fingerprint salt (hex; not a secret). */
export const listSeedGroupsResponseSchema = z.object({
  groups: z.array(seedGroupSchema),
  fingerprintSalt: z.string(),
});

export const createSeedGroupRequestSchema = z.object({
  label: z.string().trim().max(64, 'Label must be at most 64 characters').optional(),
  seedFingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'Unable to determine seed fingerprint'),
  derivationScheme: derivationSchemeSchema,
});

/** Seed rename (spec 2 §5): the label is non-empty after trimming. */
export const renameSeedGroupRequestSchema = z.object({
  label: z
    .string({ message: 'Label is required' })
    .trim()
    .min(1, 'Label is required')
    .max(64, 'Label must be at most 64 characters'),
});

export const seedImportRequestSchema = z.object({
  groupId: seedGroupIdSchema('Derivation context missing. Preview the seed again'),
  addresses: z.array(address).min(1, 'No accounts could be derived').max(100),
  derivationPaths: z.array(z.string().max(64)).max(100),
  privateKeys: z.array(base58Key).max(100),
  /** Must be the group's: every path is checked against it. Absent means the default (Phantom's). */
  derivationScheme: derivationSchemeSchema.default(DEFAULT_DERIVATION_SCHEME),
  preview: scanPreviewResponseSchema.optional(),
});

/** Spec 1 §2: "Seed import shows counts created, restored and linked." */
export const seedImportResponseSchema = z.object({
  batchId: z.string(),
  created: z.number().int(),
  restored: z.number().int(),
  linked: z.number().int(),
});
