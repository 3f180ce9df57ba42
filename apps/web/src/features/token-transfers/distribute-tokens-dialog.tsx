import type { DistributeSplTokensPlan } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toast';
import { useMasterHoldings } from '../master-wallet/use-master-holdings';
import type { AmountMode, DistributeTarget } from '../sol-operations/distribute-form';
import type { SolDialogProps } from '../sol-operations/distribute-sol-dialog';
import {
  DistributionAmounts,
  DistributionTotal,
  SplitConfirmDialog,
} from '../sol-operations/distribution-amounts';
import { canConfirmTokenDistribution } from './distribute-plan-summary';
import { DistributePlanView } from './distribute-plan-view';
import {
  filterTokenAmountInput,
  heldDecimals,
  heldTokens,
  summariseTokenDistribution,
} from './token-distribution-form';
import { DISTRIBUTION_FAILED } from './transfer-progress';
import { useExecuteSplTransfer, usePlanTokenDistribution } from './use-token-transfers';

/** The picker's entry for a mint typed in by hand. */
const PASTE = 'paste';

/**
 * Spec 3 §2.1's DISTRIBUTE SPL Token: a mint (one the master holds, or pasted), an amount per
 * wallet (equal or each its own) → Review (the plan) → Confirm → the job's progress.
 */
export function DistributeTokensDialog({
  targets,
  ...props
}: SolDialogProps & { readonly targets: readonly DistributeTarget[] }) {
  if (!props.open) return null;
  return <DistributeTokensForm targets={targets} {...props} />;
}

function DistributeTokensForm({
  targets,
  open,
  onOpenChange,
  onStarted,
}: SolDialogProps & { readonly targets: readonly DistributeTarget[] }) {
  const holdings = useMasterHoldings();
  const held = heldTokens(holdings.data);
  const [choice, setChoice] = useState('');
  const [pasted, setPasted] = useState('');
  const [mode, setMode] = useState<AmountMode>('same');
  const [sameAmount, setSameAmount] = useState('');
  const [amounts, setAmounts] = useState<ReadonlyMap<string, string>>(new Map());
  const [splitAsked, setSplitAsked] = useState(false);
  const [plan, setPlan] = useState<DistributeSplTokensPlan | null>(null);
  const planner = usePlanTokenDistribution();
  const execute = useExecuteSplTransfer();
  const toast = useToast();

  const mint = choice === PASTE ? pasted : choice;
  const decimals = heldDecimals(held, mint);
  const summary = summariseTokenDistribution(targets, {
    mint,
    decimals,
    mode,
    sameAmount,
    amounts,
  });
  const filter = (typed: string) => filterTokenAmountInput(typed, decimals);

  /** A new mint may have fewer decimals than the amounts typed: they are cut to fit it. */
  const chooseMint = (nextChoice: string, nextPasted: string) => {
    setChoice(nextChoice);
    setPasted(nextPasted);
    const next = heldDecimals(held, nextChoice === PASTE ? nextPasted : nextChoice);
    setSameAmount((text) => filterTokenAmountInput(text, next));
    setAmounts(
      (map) => new Map([...map].map(([id, text]) => [id, filterTokenAmountInput(text, next)])),
    );
  };

  const review = () => {
    setSplitAsked(false);
    if (summary.request === null) return;
    planner.mutate(summary.request, { onSuccess: setPlan });
  };

  const confirm = () => {
    if (!plan) return;
    execute.mutate(
      { kind: 'token.distribute', planId: plan.planId },
      {
        onSuccess: onStarted,
        onError: (error) =>
          toast.show({
            title: DISTRIBUTION_FAILED,
            description: errorMessage(error, DISTRIBUTION_FAILED),
            severity: 'error',
          }),
      },
    );
  };

  if (plan) {
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Confirm SPL token distribution"
        description={`${plan.recipients.length.toLocaleString('en-US')} recipient(s), planned by the server.`}
        className="w-[min(56rem,calc(100vw-2rem))]"
        footer={
          <>
            <Button
              onClick={() => {
                planner.reset();
                execute.reset();
                setPlan(null);
              }}
              disabled={execute.isPending}
            >
              Back
            </Button>
            <Button
              variant="primary"
              onClick={confirm}
              busy={execute.isPending}
              disabled={!canConfirmTokenDistribution(plan)}
            >
              Confirm
            </Button>
          </>
        }
      >
        <div className="max-h-[70vh] overflow-auto pr-1">
          <DistributePlanView plan={plan} />
          {execute.isError ? (
            <Alert kind="error" className="mt-2">
              {errorMessage(execute.error, DISTRIBUTION_FAILED)}
            </Alert>
          ) : null}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Distribute SPL Tokens"
      description={`From the master wallet to ${targets.length.toLocaleString('en-US')} wallet(s).`}
      className="w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant="primary"
            busy={planner.isPending}
            disabled={!summary.canReview}
            onClick={() => (summary.needsSplitConfirmation ? setSplitAsked(true) : review())}
          >
            Review
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Select
          label="Token"
          // A token without a symbol is named by its mint, base58, whose case is meaning.
          className="keep-case"
          value={choice}
          onChange={(event) => chooseMint(event.target.value, pasted)}
          options={[
            {
              value: '',
              label: holdings.isPending ? 'Reading the master’s tokens…' : 'Choose a token',
            },
            ...held.map((token) => ({ value: token.mint, label: token.label })),
            { value: PASTE, label: 'Paste a mint address…' },
          ]}
        />
        {holdings.isError ? (
          <Alert kind="warning">
            {errorMessage(holdings.error, 'The master wallet’s tokens could not be read')}: paste
            the mint instead.
          </Alert>
        ) : null}
        {choice === PASTE ? (
          <Input
            label="Mint address"
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
            value={pasted}
            onChange={(event) => chooseMint(PASTE, event.target.value.trim())}
            error={pasted !== '' ? (summary.mintProblem ?? undefined) : undefined}
            hint={
              decimals === null && pasted !== ''
                ? 'The master does not hold this mint: its decimals are read when it is planned.'
                : undefined
            }
          />
        ) : null}
        <DistributionAmounts
          targets={targets}
          mode={mode}
          onModeChange={setMode}
          sameAmount={sameAmount}
          onSameAmountChange={setSameAmount}
          amounts={amounts}
          onAmountsChange={setAmounts}
          sameLabel="Tokens per wallet"
          unit="tokens"
          filter={filter}
        />
        <DistributionTotal
          totalText={summary.totalText}
          recipients={summary.recipients}
          zeroAmount={summary.zeroAmount}
        />
        {planner.isError ? (
          <Alert kind="error">{errorMessage(planner.error, DISTRIBUTION_FAILED)}</Alert>
        ) : null}
      </div>
      <SplitConfirmDialog
        open={splitAsked}
        onOpenChange={setSplitAsked}
        recipients={summary.recipients}
        onConfirm={review}
      />
    </Dialog>
  );
}
