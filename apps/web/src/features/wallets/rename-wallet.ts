import { renameWalletRequestSchema } from '@fleet/core';

/**
 * The Rename dialog's check, by the same schema the server applies (`PATCH /api/wallets/{id}`):
 * the name to send (null clears it), or why it cannot be sent.
 */
export function checkWalletName(
  text: string,
):
  | { readonly ok: true; readonly name: string | null }
  | { readonly ok: false; readonly error: string } {
  const parsed = renameWalletRequestSchema.safeParse({ name: text });
  if (parsed.success) return { ok: true, name: parsed.data.name };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'Enter a shorter name' };
}

/** The toast after a rename: the new name, or that the address shows again. */
export function renamedText(name: string | null): {
  readonly title: string;
  readonly description: string;
} {
  return name === null
    ? { title: 'Wallet name cleared', description: 'The table shows its address.' }
    : { title: 'Wallet renamed', description: name };
}
