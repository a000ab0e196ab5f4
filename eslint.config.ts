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
  prettierConfig,
);
