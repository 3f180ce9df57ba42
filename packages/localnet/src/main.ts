// `npm run localnet`: the localnet alone on LOCALNET_PORT (8899, like solana-test-validator).

import { createLocalnet } from './index.js';

const port = Number(process.env['LOCALNET_PORT'] ?? '8899');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`LOCALNET_PORT must be a port number, got "${process.env['LOCALNET_PORT']}"`);
  process.exit(1);
}
const dataDir = process.env['LOCALNET_DATA_DIR'];

// The sandbox market rides along, trading gently, so the chain alone is a usable demo too.
const localnet = await createLocalnet({
  port,
  ...(dataDir ? { dataDir } : {}),
  market: { activity: {} },
});
console.log(`localnet RPC        ${localnet.url}`);
console.log(`localnet WebSocket  ${localnet.wsUrl}`);
console.log(`faucet              ${localnet.admin.faucetAddress}`);
if (localnet.market) console.log(`Sandbox market: ${localnet.market.url}`);

const stop = (): void => {
  localnet.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
