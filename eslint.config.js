// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A web feature never imports another feature (docs/architecture.md, "Where things live"). */
const featureBoundary = {
  meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" must not import feature "{{to}}"; move shared code to components/ui or core.' } },
  create(context) {
    const file = context.filename;
    const match = /src\/web\/features\/([^/]+)\//.exec(file);
    if (!match) return {};
    const own = match[1];
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        const other = /src\/web\/features\/([^/]+)/.exec(target);
        if (other && other[1] !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other[1] } });
      },
    };
  },
};

/**
 * The server's API modules (src/server/modules/<name>/) never import each other: what several share
 * lives beside lib/ (views, settings, lifecycle, identity, invitations, notices, …) or travels as an
 * event (ADR 0093, 0094). Those shared folders never import a module; only the places that wire the
 * app together do (COMPOSITION). Tests may cross: they drive several modules at once.
 */
const COMPOSITION = /src\/server\/(app\.ts|main\.ts|cli\.ts|demo-seed\.ts|jobs\/|operator\/|db\/seed\/|events\/subscribers\.ts|modules\/registry\.ts)/;
const moduleBoundary = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Module "{{from}}" must not import module "{{to}}": move what both need out of modules/ (views, settings, lifecycle, …) or publish an event.',
      shared: 'Shared server code must not import the API module "{{to}}"; only the wiring (app.ts, jobs, events/subscribers.ts) does.',
    },
  },
  create(context) {
    const file = context.filename;
    if (!/src\/server\//.test(file) || /\.test\.tsx?$/.test(file) || COMPOSITION.test(file)) return {};
    const own = /src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
    const check = (node) => {
      const source = String(node.source?.value ?? '');
      if (!source.startsWith('.')) return;
      const target = /src\/server\/modules\/([^/]+)\//.exec(path.resolve(path.dirname(file), source))?.[1];
      if (!target || target === own) return;
      context.report({ node, messageId: own ? 'cross' : 'shared', data: { from: own ?? '', to: target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, heirloom: { rules: { 'feature-boundary': featureBoundary, 'module-boundary': moduleBoundary } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/core', from: ['./src/server', './src/web', './test', './e2e'], message: 'core is pure: no server, web or test imports.' },
            { target: './src/web', from: ['./src/server', './test'], message: 'web and server talk only through src/core and HTTP.' },
            { target: './src/server', from: ['./src/web', './e2e'], message: 'server never imports web code.' },
          ],
        },
      ],
      'heirloom/feature-boundary': 'error',
      'heirloom/module-boundary': 'error',
    },
    settings: {
      // Without a parser for .ts/.tsx, import-x skips every TypeScript dependency and no-cycle sees no graph (ADR 0090).
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
