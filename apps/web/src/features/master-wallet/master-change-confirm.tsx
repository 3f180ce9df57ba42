import {
  formatSolExact,
  type MasterHoldingsResponse,
  parseLamports,
  formatTokenAmount,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogFooter } from './dialog-fields';
import { KEPT_IN_HISTORY, masterFundsWarning, type MasterChange } from './master-funds-text';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useMasterHoldings } from './use-master-holdings';

const WORDS: Record<
  MasterChange,
  { readonly question: string; readonly confirm: string; readonly back: string }
> = {
  replace: {
    question: 'Replace the master wallet?',
    confirm: 'Replace master wallet',
    back: 'Back',
  },
  clear: { question: 'Clear the master wallet?', confirm: 'Clear master wallet', back: 'Cancel' },
};

/**
 * The step between asking to replace or clear the master and doing it: what the current master
 * holds on chain now, a warning when that is anything, and where its key goes. The confirm button
 * waits for the holdings, so the warning is seen before the change can be made.
 */
export function MasterChangeConfirm({
  change,
  currentAddress,
  newAddress,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  readonly change: MasterChange;
  readonly currentAddress: string;
  readonly newAddress?: string;
  readonly busy: boolean;
  readonly error: string | undefined;
  readonly onBack: () => void;
  readonly onConfirm: () => void;
}) {
  const holdings = useMasterHoldings();
  const words = WORDS[change];
  return (
    <section aria-label={words.question} className="flex flex-col gap-4">
      <p className="text-sm font-semibold">{words.question}</p>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-fg-muted">Current master</dt>
        <dd className="font-mono text-xs break-all">{currentAddress}</dd>
        {newAddress ? (
          <>
            <dt className="text-fg-muted">New master</dt>
            <dd className="font-mono text-xs break-all">{newAddress}</dd>
          </>
        ) : null}
        <dt className="text-fg-muted">Holds</dt>
        <dd>
          {holdings.isPending ? (
            <span className="text-fg-muted">Reading the balance from the chain…</span>
          ) : holdings.isError ? (
            <span className="text-fg-muted">Unknown</span>
          ) : (
            <HoldingsList holdings={holdings.data} />
          )}
        </dd>
      </dl>
      {holdings.isError ? (
        <Alert kind="error">
          {masterWalletErrorMessage('balance', holdings.error)}. The current master wallet may still
          hold funds.
        </Alert>
      ) : null}
      {holdings.data ? <FundsWarning holdings={holdings.data} change={change} /> : null}
      <p className="text-xs text-fg-muted">{KEPT_IN_HISTORY}</p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <DialogFooter>
        <Button onClick={onBack} disabled={busy}>
          {words.back}
        </Button>
        <Button variant="danger" busy={busy} disabled={holdings.isPending} onClick={onConfirm}>
          {words.confirm}
        </Button>
      </DialogFooter>
    </section>
  );
}

function FundsWarning({
  holdings,
  change,
}: {
  readonly holdings: MasterHoldingsResponse;
  readonly change: MasterChange;
}) {
  const warning = masterFundsWarning(holdings, change);
  return warning ? (
    <Alert kind="warning">{warning}</Alert>
  ) : (
    <Alert kind="info">The current master wallet holds no SOL and no tokens.</Alert>
  );
}

function HoldingsList({ holdings }: { readonly holdings: MasterHoldingsResponse }) {
  const lamports = parseLamports(holdings.lamports) ?? 0n;
  return (
    <ul className="flex flex-col gap-0.5">
      <li className="font-mono tabular-nums">{formatSolExact(lamports)} SOL</li>
      {holdings.tokens.map((token) => (
        <li key={token.mint} className="font-mono text-xs tabular-nums">
          {formatTokenAmount(token.amount, token.decimals)}{' '}
          <span className="keep-case" title={token.mint}>
            {token.symbol ?? shortenAddress(token.mint)}
          </span>
        </li>
      ))}
    </ul>
  );
}
