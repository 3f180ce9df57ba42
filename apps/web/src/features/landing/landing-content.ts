/** What the landing view says about each area; the ids are the header's scroll anchors. */
export const LANDING_CONTENT: Readonly<
  Record<string, { readonly heading: string; readonly points: readonly string[] }>
> = {
  import: {
    heading: 'Import wallets in bulk',
    points: [
      'Paste private keys in base58 or JSON form, or derive up to 100 accounts from a seed phrase.',
      'Duplicates and archived wallets are recognised before anything is written.',
      'Every balance is scanned before import, and keys are encrypted at rest.',
    ],
  },
  wallets: {
    heading: 'See every wallet at once',
    points: [
      'Balances, tokens and value for thousands of wallets in one table.',
      'Segments, tags and groups to cut the fleet the way you work.',
      'Fund the fleet from a master wallet, sweep it back, reclaim rent from empty token accounts.',
    ],
  },
  tokens: {
    heading: 'Know what the fleet holds',
    points: [
      'Every token across every wallet, aggregated by mint.',
      'Holders, amounts and value per token.',
    ],
  },
  trading: {
    heading: 'Trade one token from many wallets',
    points: [
      'Buy or sell from a selection of wallets in one action, with per-wallet results.',
      'Each transfer is recorded before it is sent and never sent twice.',
    ],
  },
  liquidity: {
    heading: 'Follow liquidity',
    points: ['Scan pool history and see which wallets created pools.'],
  },
};
