import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const adminOnly = {
  group: ['react-admin', 'ra-*', 'react-admin/*'],
  message: 'react-admin stays inside src/admin so the customer bundle stays small.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'src/server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [adminOnly] }],
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/admin/**', 'tests/admin/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Browser code never imports the server; the server never imports React.
    files: ['src/shared/**', 'src/customer/**', 'src/admin/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Browser code never imports src/server.' }] }],
    },
  },
  {
    files: ['src/shared/**', 'src/customer/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [adminOnly, { group: ['**/server/**'], message: 'Browser code never imports src/server.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [adminOnly, { group: ['react', 'react-dom', '@mui/*'], message: 'The server never imports React.' }] }],
    },
  },
);
