import type { WithdrawSplTokensPlanRequest } from '@fleet/core';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { Select } from '../../ui/select';
import { useToast } from '../../ui/toast';
import type { SolDialogProps } from '../sol-operations/distribute-sol-dialog';
import { WITHDRAWAL_START_FAILED } from './transfer-progress';
import { useExecuteSplTransfer, useWithdrawalPlan } from './use-token-transfers';
import {
  canConfirmWithdrawal,
  EVERY_TOKEN,
  mintChoices,
  type MintChoice,
} from './withdraw-plan-summary';
import { WithdrawPlanView } from './withdraw-plan-view';

/**
 * Spec 2 §2.4's Confirm Withdraw All SPL Tokens: the plan first (what each mint and wallet sends,
 * the fees, the rent, the master's SOL before and after, what is skipped and why), with a mint
 * filter and the option to close the emptied accounts, each change planned again; Confirm starts
 * the job, whose progress dialog takes over. No addresses means every wallet.
 */
export function WithdrawTokensDialog({
  addresses,
  ...props
}: SolDialogProps & { readonly addresses: readonly string[] }) {
  if (!props.open) return null;
  return <WithdrawTokensSteps addresses={addresses} {...props} />;
}

function WithdrawTokensSteps({
  addresses,
  open,
  onOpenChange,
  onStarted,
}: SolDialogProps & { readonly addresses: readonly string[] }) {
  const [mint, setMint] = useState(EVERY_TOKEN);
  const [closeEmptied, setCloseEmptied] = useState(false);
  // The mints an every-token plan found: the filter's choices, kept while one mint is planned.
  const [choices, setChoices] = useState<readonly MintChoice[]>([]);
  const request: WithdrawSplTokensPlanRequest = {
    publicAddresses: [...addresses],
    ...(mint === EVERY_TOKEN ? {} : { tokenMints: [mint] }),
    closeEmptied,
  };
  const planned = useWithdrawalPlan(request);
  const execute = useExecuteSplTransfer();
  const toast = useToast();
  const plan = planned.data;
  if (plan && mint === EVERY_TOKEN && !planned.isPlaceholderData) {
    const found = mintChoices(plan);
    if (found.map((c) => c.value).join() !== choices.map((c) => c.value).join()) {
      setChoices(found);
    }
  }
  const current = plan !== undefined && !planned.isFetching && !planned.isPlaceholderData;

  const confirm = () => {
    if (!plan) return;
    execute.mutate(
      { kind: 'token.withdraw', planId: plan.planId },
      {
        onSuccess: onStarted,
        onError: (error) =>
          toast.show({
            title: WITHDRAWAL_START_FAILED,
            description: errorMessage(error, WITHDRAWAL_START_FAILED),
            severity: 'error',
          }),
      },
    );
  };

  // Nothing to withdraw is the server's answer for an empty scope, not a failure.
  const nothing =
    planned.error instanceof ApiError &&
    planned.error.code === 'TOKEN_TRANSFER__NOTHING_TO_WITHDRAW';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Withdraw All SPL Tokens"
      description={
        addresses.length === 0
          ? 'Every wallet sends its SPL tokens to the master wallet’s token accounts.'
          : `${addresses.length.toLocaleString('en-US')} selected wallet(s) send their SPL tokens to the master wallet’s token accounts.`
      }
      className="w-[min(60rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={execute.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void planned.refetch()}
            busy={planned.isFetching}
            disabled={execute.isPending}
          >
            Plan again
          </Button>
          <Button
            variant="primary"
            busy={execute.isPending}
            disabled={!current || !canConfirmWithdrawal(plan)}
            onClick={confirm}
          >
            Confirm
          </Button>
        </>
      }
    >
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-auto pr-1">
        <div className="flex flex-wrap items-end gap-4">
          <div className="min-w-64 flex-1">
            <Select
              label="Tokens"
              // Mints are base58: their case is meaning, so the uppercase preference skips them.
              className="keep-case font-mono text-xs"
              value={mint}
              onChange={(event) => setMint(event.target.value)}
              options={
                choices.length > 0 ? choices : [{ value: EVERY_TOKEN, label: 'Every token' }]
              }
              disabled={choices.length === 0}
            />
          </div>
          <Checkbox
            label="Close the emptied accounts (their rent goes to the master)"
            checked={closeEmptied}
            onChange={(event) => setCloseEmptied(event.target.checked)}
          />
        </div>
        {planned.isFetching ? (
          <p role="status" className="text-xs text-fg-muted">
            {plan ? 'Planning again…' : 'Reading the token accounts from the chain…'}
          </p>
        ) : null}
        {planned.isError ? (
          <Alert kind={nothing ? 'warning' : 'error'}>
            {errorMessage(planned.error, 'The withdrawal could not be planned')}
          </Alert>
        ) : null}
        {plan ? (
          // The plan on screen was made with other options until the new one answers.
          <div className={cn(!current && 'opacity-60')} aria-busy={planned.isFetching}>
            <WithdrawPlanView plan={plan} />
          </div>
        ) : null}
        {execute.isError ? (
          <Alert kind="error">{errorMessage(execute.error, WITHDRAWAL_START_FAILED)}</Alert>
        ) : null}
      </div>
    </Dialog>
  );
}
