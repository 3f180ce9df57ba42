// One linter for the whole repository. Typed rules catch the promise mistakes that cost money
// (a floating send, a misused async handler); restricted imports and globals keep the layers of
// docs/ARCHITECTURE.md honest.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webFeatureBoundaries } from './scripts/eslint/web-feature-boundaries.js';

const noFocusedTests = {
  selector: "CallExpression[callee.property.name='only']",
  message: 'No focused tests.',
};

// Node 20 can deadlock for good when a KeyObject made by generateKeyPair(Sync) is exported as JWK
// (the export holds the key's mutex while it allocates; a garbage collection there runs the finished
// keygen job's destructor, which takes the same mutex). Ask for both keys encoded instead.
const keygenWithoutEncodings = {
  selector:
    "CallExpression:matches([callee.name=/^generateKeyPair(Sync)?$/], [callee.property.name=/^generateKeyPair(Sync)?$/]):not(:has(Property[key.name='privateKeyEncoding']):has(Property[key.name='publicKeyEncoding']))",
  message:
    'Pass privateKeyEncoding and publicKeyEncoding (e.g. DER): exporting a KeyObject from key generation as JWK can deadlock Node 20. See apps/server/src/wallets/generate-keypair.ts.',
};

/** A `no-restricted-imports` setting from patterns; flat config replaces a rule, so blocks compose. */
function restrictImports(...patterns) {
  return ['error', { patterns }];
}

const sandboxChain = {
  group: ['@fleet/localnet', '@fleet/localnet/*'],
  message: 'The sandbox chain is for tests, benchmarks and the embedded default start (main.ts).',
};
// Apps compose packages; a package that imported an app would turn the layers upside down.
const packagesNeverImportApps = {
  group: ['@fleet/server', '@fleet/server/*', '@fleet/web', '@fleet/web/*', '**/apps/**'],
  message: 'Packages never import apps.',
};
const routesStayOffTheDatabase = {
  group: ['@fleet/db', '@fleet/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
  message:
    'Routes do not touch the database: call a service (docs/ARCHITECTURE.md, "add an endpoint").',
};

// Which web feature may import which (docs/ARCHITECTURE.md, "web features"). The edges must stay
// acyclic; the config refuses to load otherwise.
const featureBoundaries = webFeatureBoundaries({
  activate: ['session'],
  'balance-refresh': ['master-wallet', 'scan-details'],
  'control-centre': ['audit-log', 'fee-settings', 'master-wallet', 'preferences'],
  // The tenant's cap on the priority fee (GET/PUT /api/settings/fees).
  'fee-settings': [],
  export: ['audit-log'],
  groups: ['preferences'],
  // The running jobs and the bottom bar's indicator of them.
  jobs: [],
  login: ['invite', 'session'],
  'master-wallet': ['preferences'],
  notifications: ['explorer'],
  // The close history page (issue 19): transaction links.
  'close-history': ['explorer'],
  // The money operations' history and reports (GET /api/operations).
  operations: ['explorer'],
  session: ['notifications'],
  preferences: ['explorer'],
  'seed-vaults': ['import', 'preferences'],
  // Distribute, withdraw to master and 2-hop: their dialogs, plans and progress.
  'sol-operations': ['explorer', 'jobs', 'master-wallet', 'operations'],
  // Closing empty token accounts: plan, stream, progress, the shell's host and the forecast.
  'token-closes': ['close-history', 'jobs', 'master-wallet'],
  // Burning dust (issue 19): plan, stream, progress and the shell's host, on the close's pieces.
  'token-burns': ['jobs', 'token-closes'],
  // The Final Truth Scan (issue 20): its confirmation, progress and the shell's host.
  scans: ['jobs', 'sol-operations'],
  // The Tokens Overview's quick refresh, deep scan and verify (issue 20): their dialogs and hosts.
  'sync-scans': ['jobs'],
  // The GetAssets scan (issue 20): its dialog and host, kept open as the sync scans are.
  'asset-scan': ['jobs', 'sync-scans'],
  // Every transaction the fleet sent (GET /api/transactions), with explorer links.
  'transaction-history': ['explorer'],
  // SPL withdraw to master and distribute from master (issue 19): their dialogs, plans and
  // progress, built on the SOL operations' pieces.
  'token-transfers': ['explorer', 'jobs', 'master-wallet', 'operations', 'sol-operations'],
  // The Tokens Overview (issue 20): the close and burn dialogs scoped to mints, the audited key
  // copy, the wallet table's checkbox and badges, and the scans of the Sync menu.
  'tokens-overview': [
    'asset-scan',
    'master-wallet',
    'scans',
    'sync-scans',
    'token-burns',
    'token-closes',
    'toolkit',
    'wallet-list',
  ],
  toolkit: [
    'archive',
    'asset-scan',
    'audit-log',
    'balance-refresh',
    'create-wallet',
    'export',
    'groups',
    'preferences',
    'scans',
    'sol-operations',
    'tags',
    'token-burns',
    'token-closes',
    'token-transfers',
  ],
  // The wallet table, its state and selection, reusable by any page that lists wallets.
  'wallet-list': ['explorer', 'groups', 'import', 'master-wallet', 'preferences', 'tags'],
  wallets: [
    'archive',
    'groups',
    'preferences',
    'seed-vaults',
    'token-closes',
    'toolkit',
    'wallet-list',
  ],
});

// Raw `fetch` belongs to the few modules that own a transport (timeouts, errors, redaction); the
// rest of the code calls them, so no request escapes those rules.
const fetchTransports = [
  'apps/web/src/api/http.ts',
  'apps/server/src/auth/captcha.ts',
  // The market providers' transport; @fleet/market owns timeouts, budgets and parsing around it.
  'apps/server/src/market/market-fetch.ts',
  'packages/chain/src/pool/post-json-rpc.ts',
  'packages/chain/src/testing/**',
  'packages/localnet/**',
  // Drives a real server process over HTTP and reads the localnet's JSON-RPC, as e2e does.
  'apps/server/src/testing/crash/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'e2e/**',
  'bench/**',
  'scripts/**',
];

// The sandbox chain is for tests, benchmarks and the embedded default start; a production code
// path that imported it could end up talking to a fake chain.
const localnetImportersAllowed = [
  'apps/server/src/main.ts',
  'apps/server/src/testing/**',
  'packages/chain/src/testing/**',
  'packages/localnet/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'e2e/**',
  'bench/**',
  'scripts/**',
];

const envReadersAllowed = [
  'apps/server/src/env.ts',
  'packages/db/src/testing/**',
  // Starts the server as a child with only PATH and HOME passed on, like the e2e helper.
  'apps/server/src/testing/server-process.ts',
  'apps/server/src/testing/crash/**',
  'packages/localnet/src/main.ts',
  'scripts/**',
  'e2e/**',
  'bench/**',
  '*.config.ts',
  '*.config.js',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through apps/server/src/env.ts, validated once at boot.',
        },
      ],
      'no-restricted-syntax': ['error', noFocusedTests, keygenWithoutEncodings],
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Raw fetch only in a transport module (apps/web/src/api/http.ts, the chain pool, captcha).',
        },
      ],
      'no-restricted-imports': restrictImports(sandboxChain),
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only JavaScript extensions unless told: without these it sees no TS imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: envReadersAllowed,
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: fetchTransports,
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(packagesNeverImportApps, sandboxChain) },
  },
  {
    // Routes parse, authorise and call a service; SQL lives in services and repositories.
    files: ['apps/server/src/routes/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(routesStayOffTheDatabase, sandboxChain) },
  },
  {
    files: localnetImportersAllowed,
    ignores: ['packages/**', 'apps/web/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/**/*.test.ts', 'packages/*/src/testing/**', 'packages/localnet/**'],
    rules: { 'no-restricted-imports': restrictImports(packagesNeverImportApps) },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      fleet: { rules: { 'web-feature-boundaries': featureBoundaries } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'fleet/web-feature-boundaries': 'error',
      'no-restricted-imports': restrictImports({
        group: [
          '@fleet/server',
          '@fleet/server/*',
          '@fleet/db',
          '@fleet/db/*',
          '@fleet/chain',
          '@fleet/chain/*',
          '@fleet/localnet',
          '@fleet/localnet/*',
          'node:*',
        ],
        message:
          'The web app shares only @fleet/core with the server; secrets and I/O stay server-side.',
      }),
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        group: ['node:*', 'fs', 'net', 'http', 'https', '@fleet/*'],
        message: '@fleet/core is pure: no I/O, no other workspace.',
      }),
      'no-restricted-globals': ['error', { name: 'fetch', message: '@fleet/core does no I/O.' }],
    },
  },
);
