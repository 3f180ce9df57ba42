import {
  FleetError,
  MAX_IMPORT_KEYS,
  decodePrivateKey,
  encodePrivateKeyBase58,
  parsePrivateKeys,
  accountIndexOfPath,
  type DerivationScheme,
  type Ed25519PublicKeyOf,
  type ImportWalletsResponse,
  type ScanPreviewResponse,
  type ValidateKeysResponse,
} from '@fleet/core';
import type { ScanReport, WalletScanner } from '@fleet/chain';
import { toPreviewResponse } from './preview-response';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { SecretKeyVault } from '../vault';
import type { ScanActivity } from '../scan-details/scan-activity';
import { schemeOf } from './seed-group-service';
import type { ScanCache, ScanCacheEntry } from './scan-cache';
import type { Actor } from '../http/actor';
import {
  findWalletsByAddress,
  insertWalletsIfNew,
  lockArchivedWalletsByAddress,
  replaceScannedBalances,
  updateWalletByAddress,
  type NewWallet,
} from '../wallets/repository';
import { createImportBatch, findSeedGroup, recordImportCounts } from './import-batches';

/** Rows per INSERT: well under the 65,535 bind parameters of one statement. */
const INSERT_CHUNK = 500;

/** One key to import, decoded and checked (its public half matches its seed). */
interface ImportKey {
  readonly address: string;
  readonly secretKey: Uint8Array;
  readonly derivationPath?: string;
}

interface ImportCounts {
  readonly batchId: string;
  readonly created: readonly string[];
  readonly restored: readonly string[];
  /** Active already: left as they were (key import) or linked to the seed group (seed import). */
  readonly active: readonly string[];
}

export function createWalletImportService(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly scanner: WalletScanner;
  readonly scanCache: ScanCache;
  /** Where scan log lines and the last scan's summary go, for the Scan Details dialog. */
  readonly scanActivity?: ScanActivity;
  readonly audit: AuditLog;
  readonly publicKeyOf: Ed25519PublicKeyOf;
  readonly now?: () => Date;
}) {
  const { mints } = schema;
  const now = context.now ?? (() => new Date());
  const decodeOptions = { publicKeyOf: context.publicKeyOf };

  /** Decodes every key or refuses the whole request: nothing is imported from a bad list. */
  function decodeAll(privateKeys: readonly string[]): ImportKey[] {
    const keys: ImportKey[] = [];
    const seen = new Set<string>();
    for (const [index, text] of privateKeys.entries()) {
      const decoded = decodePrivateKey(text, decodeOptions);
      if (!decoded.ok) {
        for (const key of keys) key.secretKey.fill(0);
        throw new FleetError('IMPORT__INVALID_KEY', { index, reason: decoded.message });
      }
      if (seen.has(decoded.value.address)) {
        decoded.value.secretKey.fill(0);
        continue;
      }
      seen.add(decoded.value.address);
      keys.push({ address: decoded.value.address, secretKey: decoded.value.secretKey });
    }
    return keys;
  }

  async function findGroup(tx: TenantDatabase, groupId: string) {
    const group = await findSeedGroup(tx, groupId);
    if (!group) throw new FleetError('SEED_GROUP__NOT_FOUND', { seedGroupId: groupId });
    return group;
  }

  /**
   * The one write path of both imports, inside one tenant transaction. Keys are sealed only for
   * rows this import writes: a re-import of active wallets costs no encryption.
   */
  async function writeImport(
    tx: TenantDatabase,
    actor: Actor,
    inputKeys: readonly ImportKey[],
    source: { kind: 'import' } | { kind: 'seed'; groupId: string },
    withPreview: ReadonlySet<string>,
  ): Promise<ImportCounts> {
    const tenantId = actor.tenantId;
    // One lock order for every import: two imports of overlapping keys wait for each other
    // instead of deadlocking (each would otherwise hold a row the other's insert waits on).
    const keys = [...inputKeys].sort((a, b) =>
      a.address < b.address ? -1 : a.address > b.address ? 1 : 0,
    );
    const seedGroupId = source.kind === 'seed' ? source.groupId : null;
    const sealOf = (key: ImportKey) =>
      context.vault.encryptSecretKey(tx, {
        tenantId,
        address: key.address,
        secretKey: key.secretKey,
      });

    // 1. the batch row
    const batchId = await createImportBatch(tx, { tenantId, sourceKind: source.kind, seedGroupId });

    // 2. new wallets, `on conflict do nothing`: one another import creates meanwhile is not
    //    duplicated, and counts as existing below
    const found = await findWalletsByAddress(
      tx,
      keys.map((key) => key.address),
    );
    const known = new Set(found.map((row) => row.address));
    const created: string[] = [];
    const fresh = keys.filter((key) => !known.has(key.address));
    for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
      const values: NewWallet[] = [];
      for (const key of fresh.slice(start, start + INSERT_CHUNK)) {
        const seal = await sealOf(key);
        values.push({
          tenantId,
          publicAddress: key.address,
          encryptedKey: seal.ciphertext,
          keyAlgorithm: seal.algorithm,
          dataKeyVersion: seal.dataKeyVersion,
          sourceKind: source.kind,
          importBatchId: batchId,
          seedGroupId,
          derivationPath: key.derivationPath ?? null,
          importStatus: 'new',
        });
      }
      created.push(...(await insertWalletsIfNew(tx, values)));
    }

    // 3. archived wallets among the rest restored with the key sealed again (locked first, so
    //    two imports cannot both restore the same wallet)
    const createdSet = new Set(created);
    const existing = keys.filter((key) => !createdSet.has(key.address));
    const archived = await lockArchivedWalletsByAddress(
      tx,
      existing.map((key) => key.address),
    );
    const restored: string[] = [];
    const active: ImportKey[] = [];
    for (const key of existing) {
      if (!archived.has(key.address)) {
        active.push(key);
        continue;
      }
      const seal = await sealOf(key);
      await updateWalletByAddress(tx, key.address, {
        archivedAt: null,
        encryptedKey: seal.ciphertext,
        keyAlgorithm: seal.algorithm,
        dataKeyVersion: seal.dataKeyVersion,
        importBatchId: batchId,
        importStatus: 'restored',
        updatedAt: now(),
        ...(seedGroupId ? { seedGroupId, derivationPath: key.derivationPath ?? null } : {}),
      });
      restored.push(key.address);
    }

    // 4. the rest are active: left alone, or linked to the seed group and badged 'updated' as
    //    part of this batch (spec 2 §4 badge colours)
    if (seedGroupId) {
      for (const key of active) {
        await updateWalletByAddress(tx, key.address, {
          seedGroupId,
          derivationPath: key.derivationPath ?? null,
          importBatchId: batchId,
          importStatus: 'updated',
          updatedAt: now(),
        });
      }
    }

    // 5. balances from this server's scan preview, when one was run (in any server process)
    const written = [...created, ...restored].filter((address) => withPreview.has(address));
    if (written.length > 0) {
      const scans = await context.scanCache.get(tx, written);
      const rows = await findWalletsByAddress(tx, [...scans.keys()]);
      await replaceScannedBalances(
        tx,
        tenantId,
        rows.flatMap((row) => {
          const scan = scans.get(row.address);
          return scan ? [{ walletId: row.id, ...scan }] : [];
        }),
      );
    }

    // 6. the batch's counts, which add up to the distinct keys given
    await recordImportCounts(tx, batchId, {
      created: created.length,
      restored: restored.length,
      linked: seedGroupId ? active.length : 0,
    });
    return {
      batchId,
      created,
      restored,
      active: active.map((key) => key.address),
    };
  }

  function wipe(keys: readonly ImportKey[]): void {
    for (const key of keys) key.secretKey.fill(0);
  }

  return {
    /** `POST /api/wallet/validate-only`: what the pasted text holds and how each key stands. */
    async validate(actor: Actor, text: string): Promise<ValidateKeysResponse> {
      const parsed = parsePrivateKeys(text, decodeOptions);
      if (!parsed.ok) throw new FleetError('IMPORT__NO_PRIVATE_KEYS');
      const { keys, duplicatesInInput, problems, repeats } = parsed.value;
      if (keys.length > MAX_IMPORT_KEYS) {
        for (const key of keys) key.secretKey.fill(0);
        throw new FleetError('IMPORT__TOO_MANY_KEYS', {
          found: keys.length,
          max: MAX_IMPORT_KEYS,
        });
      }
      const addresses = keys.map((key) => key.address);
      const known = await withTenant(context.db, actor.tenantId, (tx) =>
        findWalletsByAddress(tx, addresses),
      );
      const archived = new Set(known.filter((row) => row.archivedAt).map((row) => row.address));
      const active = new Set(known.filter((row) => !row.archivedAt).map((row) => row.address));
      const privateKeys = keys.map((key) => encodePrivateKeyBase58(key.secretKey));
      for (const key of keys) key.secretKey.fill(0);
      return {
        privateKeys,
        publicAddresses: addresses,
        keyLines: keys.map((key) => key.line),
        duplicateActiveAddresses: addresses.filter((address) => active.has(address)),
        duplicateArchivedAddresses: addresses.filter((address) => archived.has(address)),
        duplicatesInInput,
        repeats: repeats.map(({ line, firstLine }) => ({ line, firstLine })),
        problems: problems.map(({ line, endLine, message }) => ({ line, endLine, message })),
      };
    },

    /** `POST /api/scan-assets/preview`: balances and tokens of the wallets about to be imported. */
    async preview(
      actor: Actor,
      addresses: readonly string[],
      signal?: AbortSignal,
    ): Promise<ScanPreviewResponse> {
      // 1. scan, the log lines going to Scan Details as they come
      const onEvent = context.scanActivity?.listener(actor.tenantId);
      const report = await context.scanner.scan(addresses, {
        ...(signal ? { signal } : {}),
        ...(onEvent ? { onEvent } : {}),
      });
      await context.scanActivity?.recordScan(actor.tenantId, report);
      // 2. what was read kept for the import, which may reach another server process
      const scannedAt = now();
      const scans = new Map<string, ScanCacheEntry>();
      for (const result of report.results) {
        if (result.ok)
          scans.set(result.owner, {
            lamports: result.value.lamports,
            tokens: result.value.tokens,
            scannedAt,
            scannedSlot: result.value.slot,
          });
      }
      await withTenant(context.db, actor.tenantId, (tx) =>
        context.scanCache.put(tx, actor.tenantId, scans),
      );
      // 3. the mints' names and decimals, for every tenant
      await rememberMints(report);
      return toPreviewResponse(report);
    },

    /** `POST /api/wallet`: new wallets created, archived ones restored, active ones unchanged. */
    async importKeys(
      actor: Actor,
      input: { privateKeys: readonly string[]; preview?: ScanPreviewResponse | undefined },
    ): Promise<ImportWalletsResponse> {
      const keys = decodeAll(input.privateKeys);
      const withPreview = new Set(input.preview?.publicAddresses ?? []);
      let counts: ImportCounts;
      try {
        counts = await withTenant(context.db, actor.tenantId, (tx) =>
          writeImport(tx, actor, keys, { kind: 'import' }, withPreview),
        );
      } finally {
        wipe(keys);
      }
      await context.audit.recordSuccess(actor, 'wallet.import', {
        batchId: counts.batchId,
        keys: keys.length,
        created: counts.created.length,
        restored: counts.restored.length,
        unchanged: counts.active.length,
      });
      return {
        batchId: counts.batchId,
        created: counts.created.length,
        restored: counts.restored.length,
        unchanged: counts.active.length,
        addresses: keys.map((key) => key.address),
      };
    },

    /** `POST /api/seed-import`: derived accounts into a seed group; counts created, restored, linked. */
    async importSeed(
      actor: Actor,
      input: {
        groupId: string;
        addresses: readonly string[];
        derivationPaths: readonly string[];
        privateKeys: readonly string[];
        derivationScheme: DerivationScheme;
        preview?: ScanPreviewResponse | undefined;
      },
    ): Promise<{ batchId: string; created: number; restored: number; linked: number }> {
      const { addresses, derivationPaths, privateKeys } = input;
      if (addresses.length !== privateKeys.length || addresses.length !== derivationPaths.length) {
        throw new FleetError('IMPORT__DERIVATION_CONTEXT_MISSING', {
          addresses: addresses.length,
          keys: privateKeys.length,
        });
      }
      const keys: ImportKey[] = [];
      const seen = new Set<string>();
      for (const [index, text] of privateKeys.entries()) {
        const decoded = decodePrivateKey(text, decodeOptions);
        const fail = (message: string) => {
          if (decoded.ok) decoded.value.secretKey.fill(0);
          wipe(keys);
          return new FleetError('IMPORT__INVALID_ACCOUNT', { index, reason: message });
        };
        if (!decoded.ok) throw fail(decoded.message);
        if (decoded.value.address !== addresses[index])
          throw fail('The private key does not match its address');
        const path = derivationPaths[index] ?? '';
        if (accountIndexOfPath(input.derivationScheme, path) === null)
          throw fail(`Unsupported derivation path ${path}`);
        if (seen.has(decoded.value.address)) throw fail('The account is listed twice');
        seen.add(decoded.value.address);
        keys.push({
          address: decoded.value.address,
          secretKey: decoded.value.secretKey,
          derivationPath: path,
        });
      }
      const withPreview = new Set(input.preview?.publicAddresses ?? []);
      let counts: ImportCounts;
      try {
        counts = await withTenant(context.db, actor.tenantId, async (tx) => {
          const group = await findGroup(tx, input.groupId);
          // A vault holds the accounts of one scheme: another scheme's accounts are other wallets.
          if (schemeOf(group) !== input.derivationScheme) {
            throw new FleetError('IMPORT__SCHEME_MISMATCH', {
              groupId: group.id,
              stored: schemeOf(group),
              requested: input.derivationScheme,
            });
          }
          return writeImport(
            tx,
            actor,
            keys,
            { kind: 'seed', groupId: input.groupId },
            withPreview,
          );
        });
      } finally {
        wipe(keys);
      }
      const result = {
        batchId: counts.batchId,
        created: counts.created.length,
        restored: counts.restored.length,
        linked: counts.active.length,
      };
      await context.audit.recordSuccess(actor, 'wallet.seed_import', {
        groupId: input.groupId,
        ...result,
      });
      return result;
    },
  };

  /** Names, symbols and decimals of the mints a scan saw: public facts, cached for every tenant. */
  async function rememberMints(report: ScanReport): Promise<void> {
    const programs = new Map<string, string>();
    for (const result of report.results) {
      if (!result.ok) continue;
      for (const token of result.value.tokens) programs.set(token.mint, token.program);
    }
    const rows = report.tokens.flatMap((token) => {
      const program = programs.get(token.mint);
      return program
        ? [
            {
              mint: token.mint,
              name: token.name || null,
              symbol: token.symbol || null,
              decimals: token.decimals,
              program,
              updatedAt: now(),
            },
          ]
        : [];
    });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await context.db
        .insert(mints)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: mints.mint,
          set: {
            name: sql`coalesce(excluded.name, ${mints.name})`,
            symbol: sql`coalesce(excluded.symbol, ${mints.symbol})`,
            decimals: sql`excluded.decimals`,
            program: sql`excluded.program`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
  }
}

export type WalletImportService = ReturnType<typeof createWalletImportService>;
