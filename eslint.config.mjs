// Lint rules: strict TypeScript (no `any`), React hooks, and the one-way code flow of
// ARCHITECTURE.md: domain -> lib, components, state, api -> features -> app, and domain -> server;
// no feature imports another; the server never imports src/, the client never imports server/,
// and domain/ imports nothing outside itself.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROOT = import.meta.dirname;
// The shared layers of src/ in the order code flows: a layer imports only those before it (and
// domain/). api (the contract's slice and the transport) comes first because lib's error helpers
// read its problem shape; components come last because they read state and the API hooks.
const SHARED_ORDER = ['styles', 'api', 'lib', 'i18n', 'state', 'components'];

function layerOf(file) {
  const relative = path.relative(ROOT, file);
  if (relative.startsWith('..')) return null;
  const [top, second, third] = relative.split(path.sep);
  if (top === 'domain' || top === 'server') return { layer: top };
  if (top !== 'src' || third === undefined) return top === 'src' ? { layer: 'src-root' } : null;
  return second === 'features' ? { layer: 'features', feature: third } : { layer: second };
}

const isSrc = (to) => to.layer !== 'domain' && to.layer !== 'server';

function crossing(from, to, source) {
  if (from.layer === 'domain') return to.layer === 'domain' ? null : 'domain/ is shared by client and server: it imports nothing outside domain/.';
  if (from.layer === 'server') return isSrc(to) ? 'The server must not import src/: what both sides need lives in domain/.' : null;
  if (to.layer === 'server') return 'The client must not import server/: what both sides need lives in domain/.';
  if (to.layer === 'domain') return null;
  if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
    return `Feature "${from.feature}" must not import feature "${to.feature}": move what they share into components, state or lib.`;
  }
  const fromRank = SHARED_ORDER.indexOf(from.layer);
  if (fromRank < 0) {
    if (from.layer === 'features' && to.layer === 'app' && !/app[\\/](hooks|store)(\.tsx?)?$/.test(source)) {
      return 'Features may import only the typed hooks and store types from app/.';
    }
    return null;
  }
  if (to.layer === 'features' || to.layer === 'app') return `Shared code (${from.layer}) must not import ${to.layer}: code flows lib/components/state/api -> features -> app.`;
  const toRank = SHARED_ORDER.indexOf(to.layer);
  if (toRank > fromRank) return `Shared code (${from.layer}) must not import ${to.layer}: the shared layers flow ${SHARED_ORDER.join(' -> ')}.`;
  return null;
}

// Tests may reach across src/'s layers (a page test renders with the app's providers), never
// across the client, server and domain boundaries.
const isBoundary = (from, to) => from.layer === 'domain' || from.layer === 'server' || to.layer === 'server';

const importBoundaries = {
  meta: { type: 'problem', messages: { cross: '{{message}}' }, schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      if (!to) {
        if (from.layer === 'domain') context.report({ node, messageId: 'cross', data: { message: 'domain/ is shared by client and server: it imports nothing outside domain/.' } });
        return;
      }
      const message = crossing(from, to, source);
      if (message && (isBoundary(from, to) || !/\.test\.tsx?$/.test(context.filename))) context.report({ node, messageId: 'cross', data: { message } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'src/api/generated/**', 'domain/contract.gen.ts', 'domain/formSchemas.gen.ts', 'data/**'] },
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
      // The generated API is split per area (src/api/areas), each loading with its pages; the file
      // with every endpoint is read for its types only, or it would bring every area along.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/generated/historian.gen'], allowTypeImports: true, message: 'Import types only from historian.gen; hooks and endpoints come from src/api/areas.' },
            { group: ['**/generated/*.gen', '!**/generated/historian.gen'], message: 'Import hooks and endpoints from src/api/areas, where the area is enhanced (tags, outcomes).' },
          ],
        },
      ],
    },
  },
  {
    // The areas enhance their generated slice; the tag test reads the one with every endpoint.
    files: ['src/api/areas/*.ts', 'src/api/tags.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
