// The close bench's signature table: owners by their count of empty accounts, and how many
// transactions each signed, against the issue's target.
import { int } from './figures';

/** The issue's target: one owner's accounts up to this many close in one legacy transaction. */
export const TARGET = 26;

/**
 * One wallet's empty accounts: how many, and whether every third is Token-2022 (`mixed`) or all
 * are Token. The ladder (one wallet of each mix for every count from 4 to BIG_SIZE − 1) shows in
 * the real plan where one owner's accounts stop fitting one transaction.
 */
export interface OwnerSpec {
  readonly count: number;
  readonly mixed: boolean;
  readonly role: 'small' | 'big' | 'ladder';
}

/** Owners by their count of empty accounts → how many transactions each signed. */
export function printSignatures(
  label: string,
  signed: ReadonlyMap<string, number>,
  specOf: ReadonlyMap<string, OwnerSpec>,
  log: (line: string) => void,
) {
  const rows = new Map<
    string,
    { count: number; mixed: boolean; bySignatures: Map<number, number> }
  >();
  const largestOnce = { token: 0, mixed: 0 };
  let over = 0;
  for (const [owner, spec] of specOf) {
    if (spec.count === 0) continue;
    // The small wallets' mix follows from their count; the others are shown by mix.
    const key =
      spec.role === 'small' ? `${spec.count}` : `${spec.count} ${spec.mixed ? 'mixed' : 'Token'}`;
    const row = rows.get(key) ?? { count: spec.count, mixed: spec.mixed, bySignatures: new Map() };
    const signatures = signed.get(owner) ?? 0;
    row.bySignatures.set(signatures, (row.bySignatures.get(signatures) ?? 0) + 1);
    rows.set(key, row);
    const mix = spec.mixed ? 'mixed' : 'token';
    if (signatures === 1) largestOnce[mix] = Math.max(largestOnce[mix], spec.count);
    if (spec.count <= TARGET && signatures !== 1) over += 1;
  }
  log(`${label} (empty accounts → owners × transactions each signed):`);
  for (const mixed of [false, true]) {
    // Consecutive counts signed alike share one range.
    const line: { from: number; to: number; text: string }[] = [];
    const ofMix = [...rows.values()]
      .filter((row) => row.mixed === mixed)
      .sort((x, y) => x.count - y.count);
    for (const row of ofMix) {
      const text = [...row.bySignatures.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([signatures, owners]) => `${int(owners)}×${signatures}`)
        .join(' ');
      const last = line.at(-1);
      if (last && last.text === text && last.to === row.count - 1) last.to = row.count;
      else line.push({ from: row.count, to: row.count, text });
    }
    log(
      `    ${mixed ? 'Token + Token-2022' : 'Token only        '}: ` +
        line
          .map(({ from, to, text }) => `${from === to ? from : `${from}–${to}`} → ${text}`)
          .join('; '),
    );
  }
  log(
    `    owners with ≤ ${TARGET} empty accounts signing other than once: ${int(over)}; ` +
      `the largest count signed once: ${largestOnce.token} all Token, ${largestOnce.mixed} mixed`,
  );
}
