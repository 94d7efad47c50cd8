import tseslint from 'typescript-eslint';
// The project lints itself with its own plugin, built by `npm run build` (which `npm test` runs first).
import agentContract from './dist/eslint-plugin/index.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/zod-matrix/*/node_modules/**', '**/fixtures/**', 'coverage/**', '.tmp/**', 'bench/.corpus/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // CommonJS files (bench/timeline-preload.cjs, loaded with --require) import with require by definition.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { ...agentContract.configs.recommended, files: ['src/**/*.ts', 'examples/**/*.ts', 'eslint-plugin/**/*.ts', 'codemods/**/*.ts'] },
  { ...agentContract.configs.tests, files: ['test/**/*.ts'] },
);
