import { ApiError, NetworkError } from '../../api/api-error';

export type MasterWalletAction = 'load' | 'save' | 'clear' | 'reveal' | 'balance' | 'history';

const FALLBACK: Record<MasterWalletAction, string> = {
  load: 'Unable to load the master wallet',
  save: 'Unable to save the master wallet',
  clear: 'Unable to clear the master wallet',
  reveal: 'Unable to show the private key',
  balance: 'Balance unavailable',
  history: 'History unavailable',
};

/**
 * Master wallet failures are shown, not only logged (issue 4, departing from spec 1 §8). The
 * server's sentence comes first: for a save it carries spec 1 §5's key messages ("Private key is
 * empty", "Invalid private key length", ...).
 */
export function masterWalletErrorMessage(action: MasterWalletAction, error: unknown): string {
  if (action === 'history') return FALLBACK.history;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof NetworkError) return `${FALLBACK[action]}: no answer from the server`;
  return FALLBACK[action];
}
