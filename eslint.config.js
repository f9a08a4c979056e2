// ESLint: only the rules that catch async mistakes the type checker cannot (a promise nobody awaits: a
// database write that runs after its transaction committed, or an error nobody sees). Formatting is left to
// the editor. Runs in `npm run typecheck`.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'scratch/**', 'tests/scratch/**', 'db/migrations*/**'] },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
