// Lint rules: strict TypeScript (no `any`), React hooks, and the one-way code flow of
// ARCHITECTURE.md: lib, components, state, api -> features -> app; no feature imports another.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SRC = path.resolve(import.meta.dirname, 'src');
const SHARED_LAYERS = ['lib', 'components', 'state', 'api', 'i18n', 'styles'];

function layerOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..')) return null;
  const [top, second] = relative.split(path.sep);
  return top === 'features' ? { layer: 'features', feature: second } : { layer: top };
}

const importBoundaries = {
  meta: { type: 'problem', messages: { cross: '{{message}}' }, schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = layerOf(path.resolve(path.dirname(context.filename), source));
        if (!to) return;
        let message = null;
        if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
          message = `Feature "${from.feature}" must not import feature "${to.feature}": move what they share into components, state or lib.`;
        } else if (SHARED_LAYERS.includes(from.layer) && (to.layer === 'features' || to.layer === 'app')) {
          message = `Shared code (${from.layer}) must not import ${to.layer}: code flows lib/components/state/api -> features -> app.`;
        } else if (from.layer === 'features' && to.layer === 'app' && !/app[\\/](hooks|store)(\.tsx?)?$/.test(source)) {
          message = 'Features may import only the typed hooks and store types from app/.';
        }
        if (message && !/\.test\.tsx?$/.test(context.filename)) context.report({ node, messageId: 'cross', data: { message } });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'src/api/generated/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, historian: { rules: { 'import-boundaries': importBoundaries } } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'historian/import-boundaries': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
