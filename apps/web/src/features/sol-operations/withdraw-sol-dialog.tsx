import { type FeeStrategyName, type SolPlanView } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import type { SolDialogProps } from './distribute-sol-dialog';
import { canConfirmPlan, planMovesNothing } from './plan-summary';
import { PlanView } from './plan-view';
import { useExecuteAggregation, usePlanAggregation } from './use-sol-operations';

const FEE_STRATEGY_HINTS: Readonly<Record<FeeStrategyName, string>> = {
  master: 'The master wallet pays every fee; each wallet is left with 0 SOL.',
  child: 'Each wallet pays its own fee (for a master holding 0 SOL).',
  mixed: 'The master pays, switching to the wallets when it runs short.',
};

/**
 * Withdraw SOL to the master (spec 2 §4): fee strategy, the plan with the wallets skipped for a
 * missing key, confirmation, then the job's progress. No wallet ids means every wallet with a key.
 */
export function WithdrawSolDialog({
  walletIds,
  ...props
}: SolDialogProps & { readonly walletIds: readonly string[] }) {
  if (!props.open) return null;
  return <WithdrawSolSteps walletIds={walletIds} {...props} />;
}

function WithdrawSolSteps({
  walletIds,
  open,
  onOpenChange,
  onStarted,
}: SolDialogProps & { readonly walletIds: readonly string[] }) {
  const [feeStrategy, setFeeStrategy] = useState<FeeStrategyName>('master');
  const [plan, setPlan] = useState<SolPlanView | null>(null);
  const planner = usePlanAggregation();
  const execute = useExecuteAggregation();
  const toast = useToast();

  const review = () => {
    planner.mutate(
      walletIds.length === 0 ? { feeStrategy } : { walletIds: [...walletIds], feeStrategy },
      {
        onSuccess: (answer) => {
          setPlan(answer);
          if (planMovesNothing(answer)) {
            toast.show({ title: 'No SOL available to withdraw', severity: 'warning' });
          }
        },
        onError: (error) =>
          toast.show({
            title: 'SOL withdrawal failed',
            description: errorMessage(error, 'Aggregate failed'),
            severity: 'error',
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Withdraw SOL to master"
      description={
        walletIds.length === 0
          ? 'Every wallet with a private key sends its SOL to the master wallet.'
          : `${walletIds.length} selected wallet(s) send their SOL to the master wallet.`
      }
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={
        plan ? (
          <>
            <Button onClick={() => setPlan(null)} disabled={execute.isPending}>
              Back
            </Button>
            <Button
              variant="primary"
              busy={execute.isPending}
              disabled={!canConfirmPlan(plan)}
              onClick={() => execute.mutate(plan.planId, { onSuccess: onStarted })}
            >
              Confirm
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button variant="primary" busy={planner.isPending} onClick={review}>
              Review
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-3">
        {plan ? (
          <PlanView plan={plan} />
        ) : (
          <>
            <ChoiceGroup<FeeStrategyName>
              label="Who pays the fees"
              value={feeStrategy}
              onChange={setFeeStrategy}
              options={[
                { value: 'master', label: 'Master' },
                { value: 'child', label: 'Child' },
                { value: 'mixed', label: 'Mixed' },
              ]}
            />
            <p className="text-xs text-fg-muted">{FEE_STRATEGY_HINTS[feeStrategy]}</p>
          </>
        )}
        {planner.isError ? (
          <Alert kind="error">{errorMessage(planner.error, 'Aggregate failed')}</Alert>
        ) : null}
        {execute.isError ? (
          <Alert kind="error">{errorMessage(execute.error, 'SOL withdrawal failed')}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
