import { SOLANA_DERIVATION_SCHEME, type ScanPreviewResponse } from '@fleet/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSeedGroup,
  fetchSeedGroups,
  importSeedAccounts,
  importWallets,
  scanAssetsPreview,
  seedGroupsQueryKey,
  validatePrivateKeys,
} from './import-api';
import {
  deriveSeedPreview,
  SeedPreviewError,
  seedPhraseProblem,
  type SeedPreview,
  type SeedPreviewInput,
} from './seed-preview';

/**
 * Mutations that carry private keys or a seed phrase (the pasted text, the keys sent for import,
 * the derived accounts) are dropped from the mutation cache as soon as no component observes them
 * (`gcTime: 0`); the components copy what they show into their own state and reset the mutation.
 */
const FORGET_AT_ONCE = { gcTime: 0 } as const;

export function useValidateKeys() {
  return useMutation({ mutationFn: validatePrivateKeys, ...FORGET_AT_ONCE });
}

export function useScanAssets() {
  return useMutation({ mutationFn: scanAssetsPreview });
}

export function useImportWallets() {
  return useMutation({ mutationFn: importWallets, ...FORGET_AT_ONCE });
}

/** Derives the preview in the browser; the tenant's fingerprint salt is the only thing fetched. */
export function usePreviewSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SeedPreviewInput): Promise<SeedPreview> => {
      const problem = seedPhraseProblem(input.phrase);
      if (problem) throw new SeedPreviewError(problem);
      const { fingerprintSalt } = await queryClient.fetchQuery({
        queryKey: seedGroupsQueryKey,
        queryFn: ({ signal }) => fetchSeedGroups(signal),
      });
      const result = await deriveSeedPreview(input, fingerprintSalt);
      if (!result.ok) throw new SeedPreviewError(result.message);
      return result.value;
    },
    ...FORGET_AT_ONCE,
  });
}

export interface SeedImportRequest {
  readonly label: string;
  readonly preview: SeedPreview;
  readonly scan: ScanPreviewResponse | undefined;
}

/** Creates (or finds) the seed group by its fingerprint, then imports the derived accounts into it. */
export function useImportSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ label, preview, scan }: SeedImportRequest) => {
      const trimmed = label.trim();
      const group = await createSeedGroup({
        ...(trimmed ? { label: trimmed } : {}),
        seedFingerprint: preview.seedFingerprint,
        derivationScheme: SOLANA_DERIVATION_SCHEME,
      });
      return importSeedAccounts({
        groupId: group.id,
        addresses: preview.accounts.map((account) => account.address),
        derivationPaths: preview.accounts.map((account) => account.derivationPath),
        privateKeys: preview.accounts.map((account) => account.privateKey),
        ...(scan ? { preview: scan } : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: seedGroupsQueryKey }),
    ...FORGET_AT_ONCE,
  });
}
