/**
 * What the copy tasks put on the clipboard: one value a line, in the order of the selection, so a
 * paste into a spreadsheet or a text file gives one wallet a row.
 */
export function publicKeysText(wallets: readonly { readonly address: string }[]): string {
  return wallets.map((wallet) => wallet.address).join('\n');
}

export function privateKeysText(keys: readonly { readonly privateKey: string }[]): string {
  return keys
    .map((key) => key.privateKey)
    .filter((key) => key !== '')
    .join('\n');
}

/** Spec 2 §5: copying private keys when none are available in scope. */
export const NO_PRIVATE_KEYS = Object.freeze({
  title: 'No Private Keys',
  description: 'No private keys available in scope',
});

/** Spec 2 §9: how long a copy button shows that the copy worked. */
export const COPY_CONFIRMATION_MS = 2_000;

/** Spec 2 §5 wording of the archive confirmation. */
export function archiveConfirmText(count: number): string {
  return `Archive ${count} wallet(s)? You can restore later.`;
}

export function copyPrivateConfirmText(count: number): string {
  return `Copy ${count} private ${count === 1 ? 'key' : 'keys'} to the clipboard?`;
}
