// Lint: rules that catch defects (type-aware TypeScript, React hooks, accessibility, focused or skipped
// tests). Formatting is Prettier's alone (`npm run format`), so no stylistic rule is on here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const focusedOrSkipped = ['describe', 'it', 'test'].flatMap((object) =>
  ['only', 'skip', 'todo'].map((property) => ({
    object,
    property,
    message: 'Focused, skipped or placeholder tests are not committed: run or delete the test.',
  })),
);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'cdk.out/', '.data/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', ...focusedOrSkipped],
      // A variable that a closure reads before its one later assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Off: an async function without await is how a promise-returning interface is met; not a defect.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read HTTP and DynamoDB answers as untyped JSON and assert on them with expect(); typing every
    // answer only to satisfy these rules adds noise, not safety. Source code keeps them all.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The two hook rules that catch defects; the React Compiler's rules of v7 are left off, because
      // this app is not compiled by it and they flag the documented latest-ref and reset patterns.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
  { files: ['**/*.cjs'], extends: [tseslint.configs.disableTypeChecked], languageOptions: { sourceType: 'commonjs' } },
);
