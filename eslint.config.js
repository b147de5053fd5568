// One lint setup for the whole repository. Feature boundaries are enforced here, not by hope:
// the web app never imports server code, and packages never import apps.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';

/** The web app never imports server code. */
const noServerCode = {
  group: ['**/apps/server/**', '@jalon/server*'],
  message: 'The web app never imports server code.',
};
/** Issue 17: each icon is imported on its own, so a screen's chunk carries only the icons it shows. */
const oneIconPerImport = {
  name: 'lucide-react',
  allowTypeImports: true,
  message: "Import each icon on its own: 'lucide-react/icons/<name>'.",
};
/**
 * Issues 5 and 17: the contract's index brings zod and every schema (about 30 kB gzipped, 50 ms of script
 * on a fast machine). Screens take its values from '@jalon/contract/plain' and name its schemas with
 * contractSchema(): answers are checked in a worker (decision 0042), and zod stays off the page.
 */
const noStaticSchemas = {
  name: '@jalon/contract',
  allowTypeImports: true,
  message: "Use '@jalon/contract/plain' for values, contractSchema('…') for schemas.",
};

/**
 * A feature of the web app is a folder of apps/web/src/features. What other features may use of it is what
 * its index.ts exports: its files can move or change inside it without another feature noticing, and a
 * piece several features share says so by moving to components/ or lib/ (decision 0065).
 */
const featuresDir = 'apps/web/src/features';
const features = fs
  .readdirSync(new URL(featuresDir, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory());
const featureBoundaries = features.map(({ name }) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}/*/**`,
  except: [`**/${featuresDir}/${name}/**`, `**/${featuresDir}/*/index.ts`],
  message: `Another feature is used through its index.ts only: import '../<feature>/index.ts', or move what both use to components/ or lib/.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-offline-off/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'docs/api-client/openapi.d.ts',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [noStaticSchemas, oneIconPerImport], patterns: [noServerCode] },
      ],
    },
  },
  {
    files: [`${featuresDir}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureBoundaries }] },
  },
  {
    // Tests, their fake servers, the checking worker and the service worker's list reads (neither is the
    // page) may import schemas directly.
    files: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/lib/contract-check/check-worker.ts',
      'apps/web/src/offline/service-worker/fetch-transports.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [oneIconPerImport], patterns: [noServerCode] },
      ],
    },
  },
  {
    // The first screen (sign-in) loads these: they take the contract's plain values from
    // '@jalon/contract/plain' and name its schemas (lib/contract-check/), so zod stays off the login
    // route (issue 5: under 150 kB of gzipped JavaScript).
    files: [
      'apps/web/src/{app,lib,components}/**/*.{ts,tsx}',
      'apps/web/src/features/{auth,preferences,backgrounds,offline}/**/*.{ts,tsx}',
      'apps/web/src/main.tsx',
    ],
    // The signed-in layout and the offline screens load after sign-in (lazy routes), engine included.
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/lib/contract-check/check-worker.ts',
      'apps/web/src/app/layout/**',
      'apps/web/src/features/offline/components/**',
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [noStaticSchemas, oneIconPerImport],
          patterns: [
            noServerCode,
            // The offline engine (IndexedDB, the sync core) loads after sign-in, through import().
            {
              regex: '^(\\.\\./)+offline/',
              allowTypeImports: true,
              message: 'The offline engine loads after sign-in: import() it.',
            },
          ],
        },
      ],
    },
  },
  {
    // No module reaches itself again through its imports: in a cycle, whichever module loads first sees
    // the other half-initialised, and the two can no longer be understood (or tested) one without the
    // other. Type-only imports run nothing and are left out.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The rule follows imports by reading the imported files: TypeScript's parser reads them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@jalon/server*', '@jalon/web*'],
              message: 'Packages never import apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/cli/**', 'scripts/**', 'apps/web/scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
