import tseslint from 'typescript-eslint';

// The boundaries of the architecture: shared imports neither side; client and server never import each other.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'public/**', 'e2e/artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['src/shared/**'], rules: restrict([{ group: ['**/server/**', '**/client/**', 'react', 'react-dom', 'fastify', 'kysely', 'node:*'], message: 'src/shared is the contract: it imports neither side.' }]) },
  { files: ['src/server/**'], rules: restrict([{ group: ['**/client/**', 'react', 'react-dom', '@mui/*', '@reduxjs/*'], message: 'The server never imports client code.' }]) },
  { files: ['src/client/**'], rules: restrict([{ group: ['**/server/**', 'fastify', 'kysely', 'pg', 'better-sqlite3', 'node:*'], message: 'The client never imports server code.' }]) },
);
