import type { LookupTableChoice, SolPlanView } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { filterSolAmountInput } from './amount-input';
import {
  DEFAULT_LOOKUP_TABLE_CHOICE,
  LOOKUP_TABLE_OPTIONS,
  summariseDistribution,
  type AmountMode,
  type DistributeTarget,
} from './distribute-form';
import { DistributionAmounts, DistributionTotal, SplitConfirmDialog } from './distribution-amounts';
import { canConfirmPlan } from './plan-summary';
import { PlanView } from './plan-view';
import { useExecuteDistribution, usePlanDistribution } from './use-sol-operations';

export interface SolDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The operation started: its progress dialog has taken over. */
  readonly onStarted: () => void;
}

/** Spec 2 §2.4 Distribute SOL: amounts → Review (plan) → Confirm → the job's progress. */
export function DistributeSolDialog({
  targets,
  ...props
}: SolDialogProps & { readonly targets: readonly DistributeTarget[] }) {
  if (!props.open) return null;
  return <DistributeSolForm targets={targets} {...props} />;
}

function DistributeSolForm({
  targets,
  open,
  onOpenChange,
  onStarted,
}: SolDialogProps & { readonly targets: readonly DistributeTarget[] }) {
  const [mode, setMode] = useState<AmountMode>('same');
  const [sameAmount, setSameAmount] = useState('');
  const [amounts, setAmounts] = useState<ReadonlyMap<string, string>>(new Map());
  const [lookupTable, setLookupTable] = useState<LookupTableChoice>(DEFAULT_LOOKUP_TABLE_CHOICE);
  const [splitAsked, setSplitAsked] = useState(false);
  /** The plan on screen and the "Transactions" choice it was made with. */
  const [planned, setPlanned] = useState<{
    readonly plan: SolPlanView;
    readonly choice: LookupTableChoice;
  } | null>(null);
  const planner = usePlanDistribution();
  const execute = useExecuteDistribution();
  const draft = { mode, sameAmount, amounts, lookupTable };
  const summary = summariseDistribution(targets, draft);

  /** Plans the amounts with a choice; only the latest request's answer is shown. */
  const planWith = (choice: LookupTableChoice) => {
    const { request } = summariseDistribution(targets, { ...draft, lookupTable: choice });
    planner.mutate(request, { onSuccess: (plan) => setPlanned({ plan, choice }) });
  };
  const review = () => {
    setSplitAsked(false);
    planWith(lookupTable);
  };
  /** A new choice on the confirm step plans again at once; Confirm waits for that plan. */
  const rechoose = (choice: LookupTableChoice) => {
    setLookupTable(choice);
    planWith(choice);
  };
  const confirm = () => {
    if (!planned) return;
    execute.mutate(planned.plan.planId, { onSuccess: onStarted });
  };

  const transactionsChoice = (onChange: (choice: LookupTableChoice) => void) => (
    <ChoiceGroup<LookupTableChoice>
      label="Transactions"
      value={lookupTable}
      onChange={onChange}
      options={LOOKUP_TABLE_OPTIONS}
    />
  );

  if (planned) {
    const { plan } = planned;
    const current = planned.choice === lookupTable && !planner.isPending;
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Confirm SOL distribution"
        description={`${summary.recipients} recipient(s), planned by the server.`}
        className="w-[min(48rem,calc(100vw-2rem))]"
        footer={
          <>
            <Button
              onClick={() => {
                planner.reset();
                setPlanned(null);
              }}
              disabled={execute.isPending}
            >
              Back
            </Button>
            <Button
              variant="primary"
              onClick={confirm}
              busy={execute.isPending}
              disabled={!current || !canConfirmPlan(plan)}
            >
              Confirm
            </Button>
          </>
        }
      >
        <div className="mb-3 flex flex-col gap-1">
          {transactionsChoice(rechoose)}
          {planner.isPending ? (
            <p role="status" className="text-xs text-fg-muted">
              Planning again…
            </p>
          ) : null}
          {planner.isError ? (
            <Alert kind="error">{errorMessage(planner.error, 'Distribution failed')}</Alert>
          ) : null}
        </div>
        {/* The plan on screen was made with another choice until the new one answers. */}
        <div className={cn(!current && 'opacity-60')} aria-busy={planner.isPending}>
          <PlanView plan={plan} />
        </div>
        {execute.isError ? (
          <Alert kind="error" className="mt-2">
            {errorMessage(execute.error, 'Distribution failed')}
          </Alert>
        ) : null}
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Distribute SOL"
      description={`From the master wallet to ${targets.length} wallet(s).`}
      className="w-[min(40rem,calc(100vw-2rem))]"
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
        <DistributionAmounts
          targets={targets}
          mode={mode}
          onModeChange={setMode}
          sameAmount={sameAmount}
          onSameAmountChange={setSameAmount}
          amounts={amounts}
          onAmountsChange={setAmounts}
          sameLabel="SOL per wallet"
          unit="SOL"
          filter={filterSolAmountInput}
        />
        {/* A choice made while Review is planning plans again, so the plan shown matches it. */}
        {transactionsChoice(planner.isPending ? rechoose : setLookupTable)}
        <DistributionTotal
          totalText={summary.totalText}
          recipients={summary.recipients}
          zeroAmount={summary.zeroAmount}
        />
        {planner.isError ? (
          <Alert kind="error">{errorMessage(planner.error, 'Distribution failed')}</Alert>
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
