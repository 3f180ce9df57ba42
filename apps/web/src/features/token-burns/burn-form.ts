import {
  burnTokensPlanRequestSchema,
  exhaustiveSwitchError,
  formatTokenAmount,
  formatUsd,
  U64_MAX,
  usdAmountTextSchema,
  type BurnTokensPlan,
  type BurnTokensPlanRequest,
  type RentDestination,
  type ValuedAsset,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { filterAmountInput } from '../../format/amount-input';

/**
 * The question a burn plan answers, as the operator fills it in (spec 2 §2.4's burn dialog): what
 * counts as dust (a USD value or a raw amount), which mints, which unpriced mints count as dust
 * anyway, and where the rent goes. Pure: the dialog keeps it in state and plans from
 * `burnPlanRequest`.
 */
export type ThresholdKind = 'usd' | 'raw';
export type MintScope = 'all' | 'chosen';

export interface BurnForm {
  readonly thresholdKind: ThresholdKind;
  /** What was typed, kept to digits and one point (spec 2 §5's amount fields). */
  readonly belowUsd: string;
  /** Raw units, digits only. */
  readonly belowRaw: string;
  readonly mintScope: MintScope;
  /** The mints to burn when `mintScope` is 'chosen'. */
  readonly chosenMints: readonly string[];
  /** Mints no provider prices that the operator counts as dust anyway. */
  readonly unpricedMints: readonly string[];
  readonly rentDestination: RentDestination;
}

/** A dollar is the usual line under which a balance is not worth a swap's fee. */
export const INITIAL_BURN_FORM: BurnForm = Object.freeze({
  thresholdKind: 'usd',
  belowUsd: '1',
  belowRaw: '',
  mintScope: 'all',
  chosenMints: [],
  unpricedMints: [],
  rentDestination: 'master',
});

/** The form a dialog opens with: scoped to the given mints (the Tokens Overview's selection). */
export function initialBurnForm(tokenMints: readonly string[] | undefined): BurnForm {
  if (tokenMints === undefined || tokenMints.length === 0) return INITIAL_BURN_FORM;
  return { ...INITIAL_BURN_FORM, mintScope: 'chosen', chosenMints: [...tokenMints] };
}

export type BurnFormChange =
  | { readonly type: 'threshold-kind'; readonly kind: ThresholdKind }
  | { readonly type: 'below-usd'; readonly typed: string }
  | { readonly type: 'below-raw'; readonly typed: string }
  | { readonly type: 'mint-scope'; readonly scope: MintScope }
  | { readonly type: 'toggle-mint'; readonly mint: string }
  | { readonly type: 'toggle-unpriced'; readonly mint: string }
  | { readonly type: 'rent-destination'; readonly destination: RentDestination };

/** USD thresholds carry at most 12 decimals (the contract's `usdAmountTextSchema`). */
const USD_DECIMALS = 12;

function toggled(list: readonly string[], item: string): readonly string[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

export function changeBurnForm(form: BurnForm, change: BurnFormChange): BurnForm {
  switch (change.type) {
    case 'threshold-kind':
      return { ...form, thresholdKind: change.kind };
    case 'below-usd':
      return { ...form, belowUsd: filterAmountInput(change.typed, USD_DECIMALS) };
    case 'below-raw':
      // Raw units are whole: no point, no sign, leading zeros dropped.
      return { ...form, belowRaw: filterAmountInput(change.typed.replace(/\./g, ''), 0) };
    case 'mint-scope':
      return { ...form, mintScope: change.scope };
    case 'toggle-mint':
      return { ...form, chosenMints: toggled(form.chosenMints, change.mint) };
    case 'toggle-unpriced':
      return { ...form, unpricedMints: toggled(form.unpricedMints, change.mint) };
    case 'rent-destination':
      return { ...form, rentDestination: change.destination };
    default:
      return exhaustiveSwitchError(change);
  }
}

/** Why the threshold cannot be planned with, or null when it can. */
export function thresholdError(form: BurnForm): string | null {
  if (form.thresholdKind === 'usd') {
    const text = usdText(form.belowUsd);
    if (text === '') return 'Enter a USD value';
    if (!usdAmountTextSchema.safeParse(text).success) return 'Enter a USD value like 0.50';
    if (!/[1-9]/.test(text)) return 'The threshold must be above $0';
    return null;
  }
  const text = form.belowRaw;
  if (text === '') return 'Enter a raw amount';
  if (!/^\d+$/.test(text) || BigInt(text) > U64_MAX)
    return 'At most 18446744073709551615 raw units';
  if (BigInt(text) === 0n) return 'The threshold must be above 0';
  return null;
}

/** '1.' as typed is '1'. */
function usdText(typed: string): string {
  return typed.endsWith('.') ? typed.slice(0, -1) : typed;
}

export type BurnRequestResult =
  | { readonly ok: true; readonly request: BurnTokensPlanRequest }
  | { readonly ok: false; readonly error: string };

/**
 * The plan request for these wallets (none: every active wallet), or why the form cannot be
 * planned yet. Mint lists are sorted so the same question always has the same query key.
 */
export function burnPlanRequest(
  form: BurnForm,
  walletAddresses: readonly string[],
): BurnRequestResult {
  const threshold = thresholdError(form);
  if (threshold) return { ok: false, error: threshold };
  if (form.mintScope === 'chosen' && form.chosenMints.length === 0) {
    return { ok: false, error: 'Pick at least one mint, or burn dust of every mint' };
  }
  const parsed = burnTokensPlanRequestSchema.safeParse({
    walletAddresses: [...walletAddresses],
    ...(form.mintScope === 'chosen' ? { tokenMints: [...form.chosenMints].sort() } : {}),
    threshold:
      form.thresholdKind === 'usd'
        ? { kind: 'usd', belowUsd: usdText(form.belowUsd) }
        : { kind: 'raw', belowRaw: form.belowRaw },
    unpricedMints: [...form.unpricedMints].sort(),
    rentDestination: form.rentDestination,
  });
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'The burn cannot be planned' };
  }
  return { ok: true, request: parsed.data };
}

/** Whether two requests ask the same question (a plan of one confirms the other). */
export function sameBurnRequest(a: BurnTokensPlanRequest, b: BurnTokensPlanRequest): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A mint the operator can tick, in the mint filter or the unpriced list. */
export interface MintOption {
  readonly mint: string;
  /** The symbol when the market knows it, else the shortened mint. */
  readonly label: string;
  readonly detail: string;
  readonly checked: boolean;
}

function assetLabel(asset: Pick<ValuedAsset, 'mint' | 'symbol'>): string {
  return asset.symbol ?? shortenAddress(asset.mint);
}

function holdersText(holders: number): string {
  return `${holders.toLocaleString('en-US')} holder${holders === 1 ? '' : 's'}`;
}

/**
 * The mints the filter offers: every mint the fleet holds a balance of (the valuation's assets),
 * most valuable first as the valuation orders them, with the chosen ones the list no longer holds
 * kept so they can be unticked.
 */
export function mintFilterOptions(
  assets: readonly ValuedAsset[],
  chosen: readonly string[],
): readonly MintOption[] {
  const held = assets.filter((asset) => asset.instancesWithBalance > 0);
  const listed = new Set(held.map((asset) => asset.mint));
  return [
    ...held.map((asset) => ({
      mint: asset.mint,
      label: assetLabel(asset),
      detail: `${holdersText(asset.holders)} · ${
        asset.status === 'priced' ? formatUsd(asset.valueUsd) : 'not priced'
      }`,
      checked: chosen.includes(asset.mint),
    })),
    ...chosen
      .filter((mint) => !listed.has(mint))
      .map((mint) => ({ mint, label: shortenAddress(mint), detail: 'not held', checked: true })),
  ];
}

/**
 * The unpriced mints the operator may count as dust (they never are otherwise): those the
 * valuation found no price for, then those the last plan skipped as unpriced that the valuation
 * did not list (bought since), then any picked mint neither lists any more.
 */
export function unpricedMintOptions(
  assets: readonly ValuedAsset[],
  plan: BurnTokensPlan | undefined,
  picked: readonly string[],
): readonly MintOption[] {
  const options: MintOption[] = [];
  const seen = new Set<string>();
  const add = (mint: string, label: string, detail: string) => {
    if (seen.has(mint)) return;
    seen.add(mint);
    options.push({ mint, label, detail, checked: picked.includes(mint) });
  };
  for (const asset of assets) {
    if (asset.status !== 'not-priced') continue;
    add(
      asset.mint,
      assetLabel(asset),
      `${holdersText(asset.holders)} · ${formatTokenAmount(asset.amount, asset.decimals)} held`,
    );
  }
  const skippedUnpriced = new Map<string, number>();
  for (const skip of plan?.skipped ?? []) {
    if (skip.reason !== 'unpriced') continue;
    skippedUnpriced.set(skip.mint, (skippedUnpriced.get(skip.mint) ?? 0) + 1);
  }
  for (const [mint, accounts] of skippedUnpriced) {
    add(
      mint,
      shortenAddress(mint),
      `${accounts.toLocaleString('en-US')} account(s) skipped as unpriced`,
    );
  }
  for (const mint of picked) add(mint, shortenAddress(mint), 'picked');
  return options;
}

/** Who the dialog acts on, in its description. */
export function burnScopeText(walletAddresses: readonly string[]): string {
  const whose =
    walletAddresses.length === 0
      ? 'Every active wallet'
      : `${walletAddresses.length.toLocaleString('en-US')} selected wallet(s)`;
  return `${whose}: token balances below the threshold are burned and their accounts closed, read from the chain and valued at the market's prices when planned.`;
}
