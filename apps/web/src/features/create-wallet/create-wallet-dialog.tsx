import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { useCreateWallets } from './create-wallet-api';
import {
  MAX_QUANTITY,
  MIN_QUANTITY,
  clampQuantityText,
  createdDescription,
  createdTitle,
  quantityError,
  quantityFromText,
} from './quantity';
import { readRecentQuantities, rememberQuantity, writeRecentQuantities } from './recent-quantities';

export interface CreateWalletDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

type WalletKind = 'regular' | 'trader';

/** Create New Wallet (spec 2 §2.4, §5): 1 to 100 Regular or Trader wallets. */
export function CreateWalletDialog({ open, onOpenChange }: CreateWalletDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Wallet"
      description="Keys are generated on the server and stored in the vault."
    >
      {open ? <CreateWalletForm onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function CreateWalletForm({ onClose }: { readonly onClose: () => void }) {
  const [quantityText, setQuantityText] = useState('1');
  const [kind, setKind] = useState<WalletKind>('regular');
  const [recent, setRecent] = useState<number[]>(() => readRecentQuantities(storage()));
  const creating = useCreateWallets();
  const toast = useToast();
  const count = quantityFromText(quantityText);
  const error = quantityError(quantityText);

  const submit = () => {
    if (count === null) return;
    const trader = kind === 'trader';
    creating.mutate(
      { is_trader: trader, count },
      {
        onSuccess: (answer) => {
          const next = rememberQuantity(recent, count);
          setRecent(next);
          writeRecentQuantities(storage(), next);
          toast.show({
            title: createdTitle(answer.wallets.length),
            description: createdDescription(answer.wallets.length, trader),
            severity: 'success',
          });
          onClose();
        },
        onError: (error) => {
          toast.show({
            title: 'Error',
            description: errorMessage(error, 'Error creating wallet'),
            severity: 'error',
          });
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Input
        label="Quantity"
        inputMode="numeric"
        value={quantityText}
        onChange={(event) => setQuantityText(event.target.value)}
        onBlur={() => setQuantityText(clampQuantityText(quantityText))}
        hint={`From ${MIN_QUANTITY} to ${MAX_QUANTITY}.`}
        error={error ?? undefined}
      />
      {recent.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" aria-label="Recent quantities">
          <span className="text-xs text-fg-muted">Recent:</span>
          {recent.map((value) => (
            <Button key={value} size="sm" onClick={() => setQuantityText(String(value))}>
              {value}
            </Button>
          ))}
        </div>
      ) : null}
      <ChoiceGroup<WalletKind>
        label="Type"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'regular', label: 'Regular' },
          { value: 'trader', label: 'Trader' },
        ]}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={creating.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={count === null} busy={creating.isPending}>
          Create
        </Button>
      </div>
    </form>
  );
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
