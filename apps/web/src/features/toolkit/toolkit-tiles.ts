import { isSelectionTask, type SelectionTask } from './task-mode';

/**
 * The Toolkit's categories and tiles (spec 2 §2.3). Only tiles that work are listed: MANAGE
 * TOKENS holds the SPL withdrawal and distribution, the closes and Burn Dust (spec 2 §2.3 lists
 * no burn tile; its name is the Tokens Overview's button, §2.5, and the dialog is §2.4's burn),
 * and SCAN & SYNC holds the final truth scan, the GetAssets scan and refresh balances.
 *
 * Badges say what a tile acts on: Direct (opens at once), Selection (needs selected wallets),
 * All/Select (all wallets, or the selected ones), All (every wallet).
 */
export type TileBadge = 'Direct' | 'Selection' | 'All/Select' | 'All';

export type ToolkitAction =
  | SelectionTask
  | 'import'
  | 'create-wallet'
  | 'create-group'
  | 'manage-tags'
  | 'view-archive'
  | 'toggle-units'
  | 'refresh-balances'
  | 'close-all-tokens';

export interface ToolkitTile {
  readonly action: ToolkitAction;
  readonly label: string;
  readonly description: string;
  readonly badge: TileBadge;
  /** Tiles that archive or hand out keys are drawn in the destructive colour. */
  readonly destructive: boolean;
}

export interface ToolkitCategory {
  readonly id: 'wallets' | 'sol' | 'tokens' | 'scan' | 'organize';
  readonly title: string;
  readonly tiles: readonly ToolkitTile[];
}

export const TOOLKIT_CATEGORIES: readonly ToolkitCategory[] = Object.freeze([
  {
    id: 'wallets',
    title: 'MANAGE WALLETS',
    tiles: [
      tile('export', 'Export', 'Download addresses, or keys after a confirmation', 'All/Select'),
      tile('import', 'Import', 'Open the Import page', 'Direct'),
      tile('create-wallet', 'Create Wallet', 'Generate 1 to 100 new wallets', 'Direct'),
      tile('delete', 'Delete', 'Archive the selected wallets', 'Selection', true),
      tile('copy-public', 'Copy Public Keys', 'Copy the selected addresses', 'Selection'),
      tile('copy-private', 'Copy Private Keys', 'Copy the selected keys', 'Selection', true),
    ],
  },
  {
    id: 'sol',
    title: 'MANAGE SOL',
    tiles: [
      tile(
        'withdraw-sol',
        'Withdraw to Master',
        'Sweep SOL from all or the selected wallets to the master',
        'All/Select',
      ),
      tile(
        'distribute-sol',
        'Distribute from Master',
        'Send SOL from the master to all or the selected wallets',
        'All/Select',
      ),
      tile(
        'two-hop',
        '2-Hop Distribution',
        'Fund the selected wallets through fresh middlemen',
        'Selection',
      ),
    ],
  },
  {
    id: 'tokens',
    title: 'MANAGE TOKENS',
    tiles: [
      tile(
        'withdraw-tokens',
        'Withdraw Tokens',
        'Send the SPL tokens of all or the selected wallets to the master',
        'All/Select',
      ),
      tile(
        'distribute-tokens',
        'Distribute Tokens',
        'Send an SPL token from the master to all or the selected wallets',
        'All/Select',
      ),
      tile(
        'close-all-tokens',
        'Close All Token Accounts',
        'Reclaim the rent of every empty token account of the fleet',
        'All',
      ),
      tile(
        'close-tokens',
        'Close Selected',
        'Reclaim the rent of the selected wallets’ empty token accounts',
        'Selection',
      ),
      tile(
        'burn-tokens',
        'Burn Dust',
        'Burn token balances worth less than a threshold and reclaim their accounts’ rent',
        'All/Select',
        true,
      ),
    ],
  },
  {
    id: 'scan',
    title: 'SCAN & SYNC',
    tiles: [
      tile(
        'scan-final-truth',
        'Final Truth Scan',
        'Cold-scan all or the selected wallets: SOL and every token account, new ones included',
        'All/Select',
      ),
      tile(
        'scan-getassets',
        'GetAssets Scan',
        'Read all or the selected wallets through the digital-asset API: classes and compressed NFTs',
        'All/Select',
      ),
      tile(
        'refresh-balances',
        'Refresh Balances',
        'Re-read SOL and known token balances of every wallet from the chain',
        'All',
      ),
    ],
  },
  {
    id: 'organize',
    title: 'ORGANIZE',
    tiles: [
      tile('create-group', 'Create Group', 'Make a custom group', 'Direct'),
      tile(
        'add-to-group',
        'Add to Group',
        'Put the selected wallets in a custom group',
        'Selection',
      ),
      tile(
        'remove-from-group',
        'Remove from Group',
        'Take the selected wallets out of a custom group',
        'Selection',
      ),
      tile('manage-tags', 'Manage Tags', 'Create, edit and assign tags', 'Direct'),
      tile('view-archive', 'View Archive', 'Restore or delete archived wallets', 'Direct'),
      tile('toggle-units', 'Toggle Units', 'Show balances in SOL or lamports', 'Direct'),
    ],
  },
]);

function tile(
  action: ToolkitAction,
  label: string,
  description: string,
  badge: TileBadge,
  destructive = false,
): ToolkitTile {
  return Object.freeze({ action, label, description, badge, destructive });
}

/** Whether choosing the tile enters task mode (true) or acts at once (false). */
export function entersTaskMode(action: ToolkitAction): action is SelectionTask {
  return isSelectionTask(action);
}
