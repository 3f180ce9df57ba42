import { Alert } from '../../ui/alert';
import { ChoiceGroup } from '../../ui/choice-group';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { splitConfirmationText, type AmountMode, type DistributeTarget } from './distribute-form';
import { PerWalletAmounts } from './per-wallet-amounts';

/**
 * The amounts of a distribution form (spec 2 §2.4's Distribute SOL, spec 3 §2.1's SPL tokens):
 * one amount for every wallet or one per wallet, each field kept to spec 2 §5's rules by `filter`.
 */
export function DistributionAmounts({
  targets,
  mode,
  onModeChange,
  sameAmount,
  onSameAmountChange,
  amounts,
  onAmountsChange,
  sameLabel,
  unit,
  filter,
}: {
  readonly targets: readonly DistributeTarget[];
  readonly mode: AmountMode;
  readonly onModeChange: (mode: AmountMode) => void;
  readonly sameAmount: string;
  readonly onSameAmountChange: (amount: string) => void;
  readonly amounts: ReadonlyMap<string, string>;
  readonly onAmountsChange: (amounts: ReadonlyMap<string, string>) => void;
  /** The one amount's label ("SOL per wallet"). */
  readonly sameLabel: string;
  /** The unit written beside each per-wallet field. */
  readonly unit: string;
  readonly filter: (typed: string) => string;
}) {
  return (
    <>
      {targets.length === 0 ? (
        <Alert kind="warning">
          No wallets in view: select wallets, or show more of them with the segment filter.
        </Alert>
      ) : null}
      <ChoiceGroup<AmountMode>
        label="Amount"
        value={mode}
        onChange={onModeChange}
        options={[
          { value: 'same', label: 'One amount for all' },
          { value: 'each', label: 'Per wallet' },
        ]}
      />
      {mode === 'same' ? (
        <Input
          label={sameLabel}
          inputMode="decimal"
          placeholder="0.0"
          value={sameAmount}
          onChange={(event) => onSameAmountChange(filter(event.target.value))}
        />
      ) : (
        <PerWalletAmounts
          targets={targets}
          amounts={amounts}
          onChange={(id, amount) => onAmountsChange(new Map(amounts).set(id, amount))}
          unit={unit}
          filter={filter}
        />
      )}
    </>
  );
}

/** "Total 0.3 SOL to 3 recipient(s); 1 with 0 skipped." */
export function DistributionTotal({
  totalText,
  recipients,
  zeroAmount,
}: {
  readonly totalText: string;
  readonly recipients: number;
  readonly zeroAmount: number;
}) {
  return (
    <p className="text-sm">
      Total <span className="font-semibold tabular-nums">{totalText}</span> to {recipients}{' '}
      recipient(s)
      {zeroAmount > 0 ? `; ${zeroAmount} with 0 skipped` : ''}.
    </p>
  );
}

/** Spec 2 §5: above 100 recipients, the split into several transactions is confirmed first. */
export function SplitConfirmDialog({
  open,
  onOpenChange,
  recipients,
  onConfirm,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly recipients: number;
  readonly onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Split into several transactions"
      description={splitConfirmationText(recipients)}
      confirmLabel="Continue"
      onConfirm={onConfirm}
    />
  );
}
