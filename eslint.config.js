// One linter for the whole repository. Typed rules catch the promise mistakes that cost money
// (a floating send, a misused async handler); restricted imports and globals keep the layers of
// docs/ARCHITECTURE.md honest.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

const envReadersAllowed = [
  'apps/server/src/env.ts',
  'packages/db/src/testing/**',
  // Starts the server as a child with only PATH and HOME passed on, like the e2e helper.
  'apps/server/src/testing/server-process.ts',
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
    },
  },
  {
    files: envReadersAllowed,
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
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
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'net', 'http', 'https', '@fleet/*'],
              message: '@fleet/core is pure: no I/O, no other workspace.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: '@fleet/core does no I/O.' }],
    },
  },
);
