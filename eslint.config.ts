import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layeringRule } from './tools/lint/layering.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-results/', 'playwright-report/', '**/testdata/**', '**/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['renderer/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { eog: { rules: { layering: layeringRule } } },
    rules: {
      'eog/layering': ['error', { root: import.meta.dirname }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSAnyKeyword', message: 'No casts to any.' },
        {
          // An expression-bodied effect hands React its value as the cleanup; a non-function
          // value crashes the page on the next re-render ('q is not a function').
          selector: 'CallExpression[callee.name=/^use(Layout)?Effect$/] > ArrowFunctionExpression[expression=true]',
          message: 'Give an effect a block body: an expression body becomes its cleanup.',
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    // Times a person reads are written by one module, core/time: 24-hour, the zone named (docs/ui.md).
    files: ['renderer/**/*.{ts,tsx}', 'core/report/**/*.ts', 'core/lesson/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toISOString', 'toLocaleString', 'toLocaleTimeString', 'toLocaleDateString', 'toTimeString', 'toUTCString'].map((property) => ({
          property,
          message: 'Write times for people with core/time (formatDateTime and its kin): 24-hour, the zone named.',
        })),
      ],
    },
  },
  prettierConfig,
);
