import { EnvError, loadEnv } from '../env';
import { rotateKekCommand } from './rotate-kek-command';

/** `npm run fleet -- <command>`: operations that run beside (not inside) the server. */
const COMMANDS: Record<
  string,
  { summary: string; run: (args: readonly string[]) => Promise<void> }
> = {
  'rotate-kek': {
    summary:
      'rotate-kek [--new-kek BASE64]   re-wrap every data key under a new key-encryption key',
    run: (args) => rotateKekCommand(loadEnv(), args, (line) => process.stdout.write(`${line}\n`)),
  },
};

const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  process.stderr.write(
    `usage: npm run fleet -- <command>\n\n${Object.values(COMMANDS)
      .map((entry) => `  ${entry.summary}`)
      .join('\n')}\n`,
  );
  process.exit(name ? 2 : 0);
}
try {
  await command.run(args);
} catch (error) {
  process.stderr.write(
    `fleet ${name}: ${error instanceof EnvError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
