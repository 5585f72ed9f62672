// Lint for the whole repository: typescript-eslint's strict and stylistic rules (type-aware), and
// react-hooks for the console. Formatting is Prettier's job (npm run lint runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { onePathConfig } from './eslint/one-path.js';

export default tseslint.config(
  {
    ignores: [
      // A plain browser script outside the TypeScript project (runs before the bundle, see index.html).
      'public/theme-boot.js',
      'public/session-boot.js',
      // One-line CommonJS stand-ins for packages' dependencies (vite.config.ts), outside the TypeScript project.
      'src/shims/*.cjs',
      'dist/**',
      // Written by scripts/openapi-document.ts from the live API (npm run lint, typecheck).
      'tests/types/generated/**',
      'dist-server/**',
      'dist-bench/**',
      'data/**',
      'node_modules/**',
      'bench/results/**',
      'eslint.config.js',
      'eslint/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Template literals with numbers are how messages are written everywhere here.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `onClick={() => setOpen(false)}` is how React handlers are written; a void returned from an
      // arrow shorthand confuses nobody. Void returned from a block body is still reported.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // Fastify plugins and handlers, and react-admin's AuthProvider methods, are async by contract (an async
    // handler's return value is the answer), whether or not their body awaits anything.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'tests/api/**/*.ts', 'authProvider/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'tests/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read the contract's JSON answers dynamically and assert on them; typing every answer
    // would only restate the assertions. Non-null assertions there say "the test fails if absent".
    files: ['tests/**/*.ts', 'tests/**/*.tsx', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A server or browser assigned in beforeAll is typed as set, but is unset when that hook
      // failed: `afterAll(() => s?.close())` must not throw a second, misleading error.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  // One write path and one branch rule (eslint/one-path.js).
  ...onePathConfig(),
);
