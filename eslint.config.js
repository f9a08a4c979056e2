// ESLint: the mistakes the type checker lets through. Everywhere (src, tests, scripts): typescript-eslint's
// type-aware recommended rules, first of all the async ones (a promise nobody awaits: a database write that runs
// after its transaction committed, or an error nobody sees), then needless assertions, '[object Object]' in text,
// detached methods and the like. In the client and shared code also: no `any` leaking into the screens, and React's
// rules of hooks with every effect dependency named. Unused names are tsc's job (noUnusedLocals), layout is
// Prettier's (`npm run format`). Runs in `npm run typecheck`.
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const anyRules = ['no-explicit-any', 'no-unsafe-argument', 'no-unsafe-assignment', 'no-unsafe-call', 'no-unsafe-member-access', 'no-unsafe-return'];
const setAnyRules = (level) => Object.fromEntries(anyRules.map((r) => [`@typescript-eslint/${r}`, level]));

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'scratch/**', 'tests/scratch/**', 'db/migrations*/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // tsc reports unused locals and parameters (noUnusedLocals, noUnusedParameters; `_name` marks one kept on purpose).
      '@typescript-eslint/no-unused-vars': 'off',
      // An async function without await is how a promise-returning interface is implemented (the sandbox gateway,
      // test fakes); dropping `async` would turn its throw into a synchronous one.
      '@typescript-eslint/require-await': 'off',
      // Tests read JSON answers as `any` (`await res.json()`), and the REST table's output mappers are untyped on
      // purpose (one generic adapter); the client and shared code below are held to it.
      ...setAnyRules('off'),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...setAnyRules('error'),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
