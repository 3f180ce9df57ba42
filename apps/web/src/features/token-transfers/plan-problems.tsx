import type { PlanProblemView } from '@fleet/core';
import { Alert } from '../../ui/alert';
import { blockingMessages, warningMessages } from '../sol-operations/plan-summary';

/** A plan's warnings, its blocking problems (Confirm stays off) and why Confirm is off otherwise. */
export function PlanProblems({
  plan,
  notReady,
}: {
  readonly plan: { readonly problems: readonly PlanProblemView[] };
  readonly notReady: string | null;
}) {
  return (
    <>
      {warningMessages(plan).map((message) => (
        <Alert key={message} kind="warning">
          {message}
        </Alert>
      ))}
      {blockingMessages(plan).map((message) => (
        <Alert key={message} kind="error">
          {message}
        </Alert>
      ))}
      {notReady ? <Alert kind="info">{notReady}</Alert> : null}
    </>
  );
}
