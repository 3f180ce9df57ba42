import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  associatedAccountRent,
  associatedAccountStateOf,
  associatedTokenAddress,
  isAddress,
  parseTokenAmount,
  planTokenDistribution,
  planTokenWithdrawal,
  type Address,
  type AssociatedAccountState,
  type DistributeSplTokensPlan,
  type Lamports,
  type MintState,
  type WithdrawSplTokensPlan,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { effectiveUnitPrice, readTenantFeeCap, serverUnitPrice } from '../fees';
import { PLAN_VALIDITY_MS, savePlan } from '../ledger/ledger-repository';
import { readLamports } from '../sol-operations/chain-balances';
import { resolveRecipients } from '../sol-operations/sol-plan-inputs';
import { findWalletsByAddress, listActiveWallets } from '../wallets/repository';
import {
  readEpoch,
  readMints,
  readOwnedTokenAccounts,
  readRawAccounts,
  tokenAccountOf,
} from './chain-token-state';
import { storedBuildOf, type StoredTokenTransferBuild } from './stored-token-transfer-plan';
import {
  distributePlanView,
  withdrawPlanView,
  type DistributePlanView,
  type WithdrawPlanView,
} from './token-transfer-plan-view';

export interface WithdrawPlanInput {
  readonly publicAddresses: readonly string[];
  readonly tokenMints?: readonly string[] | undefined;
  readonly closeEmptied: boolean;
}

export interface DistributePlanInput {
  readonly mint: string;
  readonly unit: 'ui' | 'raw';
  readonly amountEach?: string | undefined;
  readonly recipients: readonly {
    readonly address?: string | undefined;
    readonly walletId?: string | undefined;
    readonly amount?: string | undefined;
  }[];
}

/** What is stored under the plan's hash: the dialog's view and the job's build. */
export interface StoredTokenTransferPlan {
  readonly createdAt: string;
  readonly createdBy: string;
  readonly view: WithdrawPlanView | DistributePlanView;
  readonly build: StoredTokenTransferBuild;
}

/**
 * Plans SPL token transfers between the master and the fleet (issue 19) from the chain now:
 * balances, accounts and mints read through the pool, packed by bytes, stored whole under the
 * plan's hash. Nothing here signs or sends; executing takes the plan's id. Bad input (an unknown
 * mint, another tenant's wallet, an amount that is none) is refused before anything is stored.
 */
export function createTokenTransferPlanService(context: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly now: () => Date;
  readonly microLamportsPerUnit?: bigint;
}) {
  const { db, pool, now } = context;
  const serverPrice = serverUnitPrice(context.microLamportsPerUnit);

  async function masterAndPrice(tx: TenantDatabase) {
    const [row] = await tx
      .select({ address: schema.masterWallets.publicAddress })
      .from(schema.masterWallets);
    // Both operations need the master: its account receives, or its key signs (spec 2 §5).
    if (!row) throw new FleetError('SOL_PLAN__MASTER_NOT_READY', {});
    return {
      master: row.address as Address,
      price: effectiveUnitPrice(serverPrice, await readTenantFeeCap(tx)),
    };
  }

  /** The wallets named (each this tenant's and active, another's is not found), or all. */
  async function walletsInScope(
    tx: TenantDatabase,
    tenantId: string,
    addresses: readonly string[],
  ): Promise<Map<string, string>> {
    if (addresses.length === 0) {
      const all = await listActiveWallets(tx, tenantId, { traderOnly: false });
      return new Map(all.map((wallet) => [wallet.address, wallet.id]));
    }
    const named = [...new Set(addresses)];
    const bad = named.find((entry) => !isAddress(entry));
    if (bad !== undefined) throw new FleetError('ADDRESS__INVALID', { address: bad });
    const active = new Map(
      (await findWalletsByAddress(tx, named))
        .filter((wallet) => wallet.archivedAt === null)
        .map((wallet) => [wallet.address, wallet.id]),
    );
    const missing = named.filter((entry) => !active.has(entry));
    const [firstMissing] = missing;
    if (firstMissing !== undefined) {
      throw new FleetError('WALLET__SOME_NOT_FOUND', { missing: missing.length, firstMissing });
    }
    return new Map(named.map((entry) => [entry, active.get(entry) ?? '']));
  }

  /** What sits at each owner's associated address for its mint. */
  async function associatedStates(
    wanted: readonly { readonly owner: Address; readonly mint: MintState }[],
    what: string,
  ): Promise<Map<string, { address: Address; state: AssociatedAccountState }>> {
    const addresses = wanted.map(({ owner, mint }) =>
      associatedTokenAddress(owner, mint.address, mint.program),
    );
    const raw = await readRawAccounts(pool, addresses, what);
    const states = new Map<string, { address: Address; state: AssociatedAccountState }>();
    wanted.forEach(({ owner, mint }, index) => {
      const at = addresses[index] as Address;
      const found = raw.get(at) ?? null;
      states.set(`${owner}:${mint.address}`, {
        address: at,
        state: associatedAccountStateOf(
          { owner, mint: mint.address },
          { exists: found !== null, decoded: tokenAccountOf(at, found) },
        ),
      });
    });
    return states;
  }

  async function store<V extends WithdrawPlanView | DistributePlanView>(
    actor: Actor,
    at: Date,
    view: V,
    build: StoredTokenTransferBuild,
  ): Promise<V & { planId: string; expiresAt: string }> {
    const plan: StoredTokenTransferPlan = {
      createdAt: at.toISOString(),
      createdBy: actor.user.id,
      view,
      build,
    };
    const planId = await withTenant(db, actor.tenantId, (tx) =>
      savePlan(tx, actor.tenantId, { kind: build.kind, plan, createdBy: actor.user.id, now: at }),
    );
    return {
      ...view,
      planId,
      expiresAt: new Date(at.getTime() + PLAN_VALIDITY_MS).toISOString(),
    };
  }

  return {
    async planWithdrawal(actor: Actor, input: WithdrawPlanInput): Promise<WithdrawSplTokensPlan> {
      const asked = input.tokenMints === undefined ? null : [...new Set(input.tokenMints)];
      const badMint = asked?.find((mint) => !isAddress(mint));
      if (badMint !== undefined) throw new FleetError('ADDRESS__INVALID', { address: badMint });
      // 1. the master, the price and the wallets, each this tenant's
      const { master, price, walletIds } = await withTenant(db, actor.tenantId, async (tx) => {
        const found = await walletsInScope(tx, actor.tenantId, input.publicAddresses);
        if (found.size === 0) throw new FleetError('TOKEN_TRANSFER__NO_WALLETS_SELECTED', {});
        return { ...(await masterAndPrice(tx)), walletIds: found };
      });
      const wallets = [...walletIds.keys()] as Address[];
      // 2. from the chain now: every token account of those wallets, their mints (and those
      //    asked for, which must be mints), the master's accounts for them, its SOL, the epoch
      const inScope = asked === null ? null : new Set(asked);
      const accounts = (await readOwnedTokenAccounts(pool, wallets)).filter(
        (account) => inScope === null || inScope.has(account.mint),
      );
      const mintStates = await readMints(pool, [
        ...(asked ?? []),
        ...accounts.map((account) => account.mint),
      ]);
      const unknown = asked?.find((mint) => (mintStates.get(mint) ?? null) === null);
      if (unknown !== undefined)
        throw new FleetError('TOKEN_TRANSFER__UNKNOWN_MINT', { mint: unknown });
      const mints = new Map<Address, MintState>();
      for (const state of mintStates.values()) if (state !== null) mints.set(state.address, state);
      const held = [...new Set(accounts.map((account) => account.mint))].flatMap((mint) => {
        const state = mints.get(mint);
        return state === undefined ? [] : [{ owner: master, mint: state }];
      });
      const [masterStates, lamports, epoch] = await Promise.all([
        associatedStates(held, "the master wallet's token accounts"),
        readLamports(pool, [master]),
        readEpoch(pool),
      ]);
      const masterLamports = lamports.get(master) ?? 0n;
      // 3. the plan, refused when nothing can be withdrawn
      const planned = planTokenWithdrawal({
        master: { address: master, lamports: masterLamports },
        wallets,
        accounts,
        mints,
        masterAccounts: new Map(
          held.map(({ mint }) => [
            mint.address,
            masterStates.get(`${master}:${mint.address}`) ?? {
              address: associatedTokenAddress(master, mint.address, mint.program),
              state: 'missing' as const,
            },
          ]),
        ),
        epoch,
        closeEmptied: input.closeEmptied,
        microLamportsPerComputeUnit: price,
      });
      if (!planned.ok) throw new FleetError(planned.error.code, planned.error.context);
      const plan = planned.value;
      if (plan.items.length === 0) {
        throw new FleetError('TOKEN_TRANSFER__NOTHING_TO_WITHDRAW', {
          skipped: plan.skipped.length,
        });
      }
      // 4. stored whole under its hash
      const at = now();
      const byItem = new Map(plan.items.map((item) => [item.itemId, item]));
      const accountRents = new Map(
        plan.mints
          .filter((mint) => !mint.masterAccountExists)
          .map((mint) => [mint.masterAccount as string, mint.accountRent]),
      );
      const view = withdrawPlanView({
        plan,
        master,
        masterLamports,
        closeEmptied: input.closeEmptied,
        price,
        walletIds,
        createdAt: at.toISOString(),
      });
      // The operation is about the wallets it moves tokens from; the view lists every one.
      const moving = new Set(plan.items.map((item) => item.wallet as string));
      const build = storedBuildOf({
        kind: 'token.withdraw',
        master,
        price,
        wallets: wallets.filter((wallet) => moving.has(wallet)),
        transactions: plan.transactions,
        walletIds,
        extra: (item) => {
          const planned = byItem.get(item.itemId);
          return {
            wallet: item.owner,
            received: planned?.received ?? item.amount,
            rentLamports: planned?.reclaimedRent ?? 0n,
          };
        },
        accountRents,
      });
      return store(actor, at, view, build);
    },

    async planDistribution(
      actor: Actor,
      input: DistributePlanInput,
    ): Promise<DistributeSplTokensPlan> {
      if (!isAddress(input.mint)) throw new FleetError('ADDRESS__INVALID', { address: input.mint });
      // 1. the master, the price and the recipients (each once; by id, this tenant's)
      const { master, price, recipients } = await withTenant(db, actor.tenantId, async (tx) => ({
        ...(await masterAndPrice(tx)),
        recipients: await resolveRecipients(
          tx,
          input.recipients.map((recipient) => ({
            address: recipient.address,
            walletId: recipient.walletId,
            // The SOL resolver's amount is not used: token amounts are read at the mint's decimals.
            amountSol: 0n as Lamports,
          })),
        ),
      }));
      // 2. the mint, which must be one Fleet can move, and each amount at its decimals
      const mint = (await readMints(pool, [input.mint])).get(input.mint) ?? null;
      if (mint === null) throw new FleetError('TOKEN_TRANSFER__UNKNOWN_MINT', { mint: input.mint });
      if (mint.blocker !== null) {
        throw new FleetError('TOKEN_TRANSFER__MINT_NOT_TRANSFERABLE', {
          mint: input.mint,
          reason: mint.blocker,
        });
      }
      const amounts = input.recipients.map((recipient) => {
        const text = recipient.amount ?? input.amountEach ?? '';
        const parsed = parseTokenAmount(text, mint.decimals, input.unit);
        if (!parsed.ok) {
          throw new FleetError('TOKEN_TRANSFER__INVALID_AMOUNT', {
            amount: text,
            reason: parsed.message,
          });
        }
        return parsed.raw;
      });
      // 3. from the chain now: the master's account for the mint and its SOL, each recipient's
      //    associated account, the epoch
      const owners = [master, ...recipients.map((r) => r.address as Address)];
      const [states, lamports, epoch] = await Promise.all([
        associatedStates(
          owners.map((owner) => ({ owner, mint })),
          "the recipients' token accounts",
        ),
        readLamports(pool, [master]),
        readEpoch(pool),
      ]);
      const masterLamports = lamports.get(master) ?? 0n;
      const sourceState = states.get(`${master}:${mint.address}`);
      const source =
        sourceState !== undefined && typeof sourceState.state === 'object'
          ? sourceState.state
          : null;
      const planned = planTokenDistribution({
        master: { address: master, lamports: masterLamports },
        mint,
        source,
        recipients: recipients.map((recipient, index) => ({
          address: recipient.address as Address,
          amount: amounts[index] ?? 0n,
          account: states.get(`${recipient.address}:${mint.address}`) ?? {
            address: associatedTokenAddress(
              recipient.address as Address,
              mint.address,
              mint.program,
            ),
            state: 'missing',
          },
        })),
        epoch,
        microLamportsPerComputeUnit: price,
      });
      if (!planned.ok) throw new FleetError(planned.error.code, planned.error.context);
      const plan = planned.value;
      // 4. stored whole under its hash
      const at = now();
      const walletIds = new Map(recipients.map((r) => [r.address, r.walletId]));
      const byItem = new Map(plan.items.map((item) => [item.itemId, item]));
      const view = distributePlanView({
        plan,
        master,
        masterLamports,
        mint: { address: mint.address, program: mint.program, decimals: mint.decimals },
        source: source?.address ?? null,
        price,
        walletIds,
        createdAt: at.toISOString(),
      });
      const build = storedBuildOf({
        kind: 'token.distribute',
        master,
        price,
        wallets: plan.items.map((item) => item.recipient),
        transactions: plan.transactions,
        walletIds,
        extra: (item) => {
          const planned = byItem.get(item.itemId);
          return {
            wallet: planned?.recipient ?? item.destination,
            received: planned?.received ?? item.amount,
            rentLamports: planned?.accountRent ?? 0n,
          };
        },
        accountRents: new Map(
          plan.items
            .filter((item) => item.createFor !== null)
            .map((item) => [item.destination as string, associatedAccountRent(mint)]),
        ),
      });
      return store(actor, at, view, build);
    },
  };
}

export type TokenTransferPlanService = ReturnType<typeof createTokenTransferPlanService>;
