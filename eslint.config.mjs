// ESLint flat config for the whole monorepo.
// Syntax-only rules (no type-checked rules): `npm run lint` must stay fast on a 2-core machine.
// Module boundaries are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.contract.ts',
];
// Tool config files (vite, jest, playwright, …) expect a default export.
const CONFIG_FILES = ['**/*.config.ts', '**/*.config.mts', '**/*.config.cts'];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.data/',
    '**/coverage/',
    '**/artifacts/',
    'frontends/**/build/',
    'frontends/*/src/gql/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'user-office/typescript',
    files: TS_FILES,
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Convention: named exports only.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports only (see CONVENTIONS.md: "Named exports only").',
        },
      ],
    },
  },
  {
    name: 'user-office/config-files',
    files: CONFIG_FILES,
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    name: 'user-office/node-scripts',
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'user-office/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // .js files are CommonJS unless a package says "type": "module"; require() is their import.
    name: 'user-office/require-in-js',
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'user-office/browser',
    files: ['frontends/**/*.ts', 'frontends/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'user-office/tests',
    files: TEST_FILES,
    languageOptions: { globals: { ...globals.jest } },
  },

  // Last: turn off every stylistic rule that prettier owns.
  prettier,
);
