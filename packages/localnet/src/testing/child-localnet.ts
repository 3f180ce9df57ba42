// A persisted localnet in its own process, for the tests that kill it with SIGKILL: the process
// prints one `{"ready":…}` line, then runs admin fixture commands read from stdin as JSON lines
// (`{"id":1,"op":"fund","args":[…]}`) and answers each with one line (`{"id":1,"result":…}`).
// u64s travel as decimal strings.
// Usage: node --import tsx child-localnet.ts <dataDir> <slotMs> [journalCompactBytes]

import { createInterface } from 'node:readline';

import { createLocalnet } from '../index.js';

const [dataDir, slotIntervalMs, journalCompactBytes] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: child-localnet.ts <dataDir> [slotIntervalMs]');

const localnet = await createLocalnet({
  dataDir,
  slotIntervalMs: Number(slotIntervalMs ?? '0'),
  ...(journalCompactBytes === undefined
    ? {}
    : { journalCompactBytes: Number(journalCompactBytes) }),
});
const { admin } = localnet;

type Command = { readonly id: number; readonly op: string; readonly args: readonly string[] };

async function run({ op, args }: Command): Promise<unknown> {
  const arg = (i: number): string => {
    const value = args[i];
    if (value === undefined) throw new Error(`${op} needs argument ${i}`);
    return value;
  };
  switch (op) {
    case 'fund':
      return admin.fund(arg(0), BigInt(arg(1)));
    case 'createMint':
      return admin.createMint({ decimals: Number(arg(0)), name: arg(1), symbol: arg(2) });
    case 'createTokenAccount':
      return admin.createTokenAccount({ owner: arg(0), mint: arg(1), amount: BigInt(arg(2)) });
    case 'setAccount':
      admin.setAccount(arg(0), { lamports: BigInt(arg(1)), data: Buffer.from(arg(2), 'hex') });
      return null;
    case 'createLookupTable':
      return admin.createLookupTable(args);
    case 'advanceSlots':
      admin.advanceSlots(BigInt(arg(0)));
      return null;
    case 'setClock':
      admin.setClock({ unixTimestamp: Number(arg(0)) });
      return null;
    default:
      throw new Error(`unknown op ${op}`);
  }
}

const answer = (line: object): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Command;
  run(command).then(
    (result) => answer({ id: command.id, result }),
    (error: unknown) => answer({ id: command.id, error: String(error) }),
  );
});

answer({ ready: { url: localnet.url, faucet: admin.faucetAddress } });
