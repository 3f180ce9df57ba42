import type { SolPlanView } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { filterSolAmountInput } from './amount-input';
import type { SolDialogProps } from './distribute-sol-dialog';
import { canConfirmPlan } from './plan-summary';
import { PlanView } from './plan-view';
import { twoHopRequest } from './two-hop-form';
import { usePlanDoubleDistribution, useStartDoubleDistribution } from './use-sol-operations';

/** Spec 3 §2.1 Double two-hop: master → a fresh middleman → each destination. */
export function TwoHopDialog({
  destinations,
  ...props
}: SolDialogProps & { readonly destinations: readonly string[] }) {
  if (!props.open) return null;
  return <TwoHopSteps destinations={destinations} {...props} />;
}

function TwoHopSteps({
  destinations,
  open,
  onOpenChange,
  onStarted,
}: SolDialogProps & { readonly destinations: readonly string[] }) {
  const [amount, setAmount] = useState('');
  const [plan, setPlan] = useState<SolPlanView | null>(null);
  const planner = usePlanDoubleDistribution();
  const start = useStartDoubleDistribution();
  const built = twoHopRequest(destinations, amount);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="2-hop distribution"
      description={`Each of ${destinations.length} destination(s) is paid through its own fresh middleman.`}
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={
        plan && built ? (
          <>
            <Button onClick={() => setPlan(null)} disabled={start.isPending}>
              Back
            </Button>
            <Button
              variant="primary"
              busy={start.isPending}
              disabled={!canConfirmPlan(plan)}
              onClick={() =>
                start.mutate({ ...built.request, planId: plan.planId }, { onSuccess: onStarted })
              }
            >
              Start
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button
              variant="primary"
              busy={planner.isPending}
              disabled={built === null}
              onClick={() => built && planner.mutate(built.request, { onSuccess: setPlan })}
            >
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
            <Input
              label="SOL per destination"
              inputMode="decimal"
              placeholder="0.0"
              value={amount}
              onChange={(event) => setAmount(filterSolAmountInput(event.target.value))}
            />
            <p className="text-sm">
              Total <span className="font-semibold">{built?.totalText ?? '0 SOL'}</span> to{' '}
              {destinations.length} destination(s), fees excluded.
            </p>
          </>
        )}
        {planner.isError ? (
          <Alert kind="error">{errorMessage(planner.error, 'Distribution failed')}</Alert>
        ) : null}
        {start.isError ? (
          <Alert kind="error">{errorMessage(start.error, 'Distribution failed')}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
