import {
  isAddress,
  parseTokenAmount,
  SPLIT_CONFIRMATION_THRESHOLD,
  type DistributeSplTokensPlanRequest,
  type MasterHoldingsResponse,
} from '@fleet/core';
import { filterAmountInput } from '../../format/amount-input';
import type { AmountMode, DistributeTarget } from '../sol-operations/distribute-form';
import { tokenAmountText } from './token-amount-text';

/**
 * The Distribute SPL Tokens form (spec 3 §2.1, §5): a mint, and an amount per wallet, equal or
 * each its own. Amounts are read exactly, in raw units at the mint's decimals (bigint, never a
 * float); a recipient whose amount is 0 is skipped.
 */

export interface TokenDistributeDraft {
  /** The mint as chosen from the master's holdings or pasted; '' while none is. */
  readonly mint: string;
  /** The mint's decimals when the master holds it; null for a pasted mint it does not hold. */
  readonly decimals: number | null;
  readonly mode: AmountMode;
  readonly sameAmount: string;
  /** Per-wallet amounts by wallet id; a wallet not in the map has no amount (0). */
  readonly amounts: ReadonlyMap<string, string>;
}

/** Spec 3 §5's amount field, cut at the mint's decimals when they are known. */
export function filterTokenAmountInput(typed: string, decimals: number | null): string {
  return filterAmountInput(typed, decimals);
}

/** How many decimals the typed amounts need: the mint's, or (unknown) the most any amount has. */
function scaleOf(texts: readonly string[], decimals: number | null): number {
  if (decimals !== null) return decimals;
  return texts.reduce((max, text) => Math.max(max, text.split('.')[1]?.length ?? 0), 0);
}

/** An amount field's raw units at `scale`: 0 for an empty field or one that is not an amount. */
export function amountFieldRaw(text: string, scale: number): bigint {
  const trimmed = text.trim();
  if (trimmed === '') return 0n;
  const parsed = parseTokenAmount(trimmed, scale);
  return parsed.ok ? parsed.raw : 0n;
}

export interface TokenDistributeSummary {
  /** The plan request, or null while no mint is chosen or the pasted one is not an address. */
  readonly request: DistributeSplTokensPlanRequest | null;
  readonly recipients: number;
  /** Wallets left out because their amount is 0 (spec 3 §5). */
  readonly zeroAmount: number;
  /** The total in raw units when the mint's decimals are known, else null. */
  readonly totalRaw: bigint | null;
  readonly totalText: string;
  /** Why the mint cannot be planned yet; null when it can. */
  readonly mintProblem: string | null;
  /** Spec 3 §5: Confirm is disabled when the total is 0 or there are no recipients. */
  readonly canReview: boolean;
  /** Above 100 recipients the split into several transactions is confirmed first. */
  readonly needsSplitConfirmation: boolean;
}

export function summariseTokenDistribution(
  targets: readonly DistributeTarget[],
  draft: TokenDistributeDraft,
): TokenDistributeSummary {
  const textOf = (target: DistributeTarget) =>
    (draft.mode === 'same' ? draft.sameAmount : (draft.amounts.get(target.id) ?? '')).trim();
  const scale = scaleOf(targets.map(textOf), draft.decimals);
  const recipients: { walletId: string; amount?: string }[] = [];
  let total = 0n;
  let zero = 0;
  for (const target of targets) {
    const text = textOf(target);
    const raw = amountFieldRaw(text, scale);
    if (raw === 0n) {
      zero += 1;
      continue;
    }
    total += raw;
    recipients.push(
      draft.mode === 'same' ? { walletId: target.id } : { walletId: target.id, amount: text },
    );
  }
  const mint = draft.mint.trim();
  const mintProblem =
    mint === '' ? 'Choose a token' : isAddress(mint) ? null : 'This is not a mint address';
  const request: DistributeSplTokensPlanRequest | null =
    mintProblem !== null
      ? null
      : {
          mint,
          unit: 'ui',
          ...(draft.mode === 'same' ? { amountEach: draft.sameAmount.trim() } : {}),
          recipients,
        };
  return {
    request,
    recipients: recipients.length,
    zeroAmount: zero,
    totalRaw: draft.decimals === null ? null : total,
    totalText: `${tokenAmountText(total.toString(), scale)} tokens`,
    mintProblem,
    canReview: request !== null && recipients.length > 0 && total > 0n,
    needsSplitConfirmation: recipients.length > SPLIT_CONFIRMATION_THRESHOLD,
  };
}

/** A token the master holds, as the mint picker offers it. */
export interface HeldToken {
  readonly mint: string;
  readonly decimals: number;
  readonly label: string;
}

/** The master's tokens for the picker, named by symbol when the chain names them. */
export function heldTokens(holdings: MasterHoldingsResponse | undefined): readonly HeldToken[] {
  return (holdings?.tokens ?? []).map((token) => ({
    mint: token.mint,
    decimals: token.decimals,
    label: `${token.symbol ?? token.name ?? token.mint} · ${tokenAmountText(token.amount, token.decimals)} held`,
  }));
}

/** The decimals of `mint` when the master holds it. */
export function heldDecimals(tokens: readonly HeldToken[], mint: string): number | null {
  return tokens.find((token) => token.mint === mint.trim())?.decimals ?? null;
}
