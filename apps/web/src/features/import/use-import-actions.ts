import { wasEverUsed, type ScanPreviewResponse } from '@fleet/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createSeedGroup,
  fetchSeedGroups,
  importSeedAccounts,
  importWallets,
  scanAssetsPreview,
  seedGroupsQueryKey,
  validatePrivateKeys,
} from './import-api';
import { importErrorMessage } from './import-messages';
import {
  deriveSeedDiscovery,
  deriveSeedPreview,
  SeedPreviewError,
  seedPhraseProblem,
  type DiscoveryRange,
  type SeedAccountRow,
  type SeedPreview,
  type SeedRange,
  type SeedSecret,
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
    mutationFn: async (input: {
      readonly secret: SeedSecret;
      readonly range: SeedRange;
    }): Promise<SeedPreview> => {
      const fingerprintSalt = await saltForPhrase(queryClient, input.secret);
      const result = await deriveSeedPreview(input.secret, input.range, fingerprintSalt);
      if (!result.ok) throw new SeedPreviewError(result.message);
      return result.value;
    },
    ...FORGET_AT_ONCE,
  });
}

/**
 * Discovery: derives in the browser and asks the scan preview route which addresses were ever used
 * (only public addresses leave the browser). A wallet the scan could not read stops the discovery:
 * an unread account cannot be called empty.
 */
export function useDiscoverSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      readonly secret: SeedSecret;
      readonly range: DiscoveryRange;
    }): Promise<SeedPreview> => {
      const fingerprintSalt = await saltForPhrase(queryClient, input.secret);
      const result = await deriveSeedDiscovery(
        input.secret,
        input.range,
        fingerprintSalt,
        usedOnChain,
      );
      if (!result.ok) throw new SeedPreviewError(result.message);
      return result.value;
    },
    ...FORGET_AT_ONCE,
  });
}

/** Refuses a phrase that cannot be a seed, then fetches the tenant's fingerprint salt (cached). */
async function saltForPhrase(queryClient: QueryClient, secret: SeedSecret): Promise<string> {
  const problem = seedPhraseProblem(secret.phrase);
  if (problem) throw new SeedPreviewError(problem);
  const { fingerprintSalt } = await queryClient.fetchQuery({
    queryKey: seedGroupsQueryKey,
    queryFn: ({ signal }) => fetchSeedGroups(signal),
  });
  return fingerprintSalt;
}

async function usedOnChain(addresses: readonly string[]): Promise<ReadonlyMap<string, boolean>> {
  let answer: ScanPreviewResponse;
  try {
    answer = await scanAssetsPreview(addresses);
  } catch (error) {
    throw new SeedPreviewError(importErrorMessage('scan', error));
  }
  const byAddress = new Map(answer.wallets.map((wallet) => [wallet.address, wallet]));
  const used = new Map<string, boolean>();
  for (const address of addresses) {
    const wallet = byAddress.get(address);
    if (!wallet?.ok) {
      const why = wallet?.error ? ` (${wallet.error})` : '';
      throw new SeedPreviewError(
        `Discovery stopped: the chain could not be read for ${address}${why}`,
      );
    }
    used.set(address, wasEverUsed(wallet));
  }
  return used;
}

export interface SeedImportRequest {
  readonly label: string;
  readonly preview: SeedPreview;
  /** The chosen accounts of the preview. */
  readonly accounts: readonly SeedAccountRow[];
  readonly scan: ScanPreviewResponse | undefined;
}

/** Creates (or finds) the seed group by its fingerprint, then imports the derived accounts into it. */
export function useImportSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ label, preview, accounts, scan }: SeedImportRequest) => {
      const trimmed = label.trim();
      const group = await createSeedGroup({
        ...(trimmed ? { label: trimmed } : {}),
        seedFingerprint: preview.seedFingerprint,
        derivationScheme: preview.scheme,
      });
      return importSeedAccounts({
        groupId: group.id,
        addresses: accounts.map((account) => account.address),
        derivationPaths: accounts.map((account) => account.derivationPath),
        privateKeys: accounts.map((account) => account.privateKey),
        derivationScheme: preview.scheme,
        ...(scan ? { preview: scan } : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: seedGroupsQueryKey }),
    ...FORGET_AT_ONCE,
  });
}
