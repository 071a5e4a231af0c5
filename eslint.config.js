import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries: shared → features → app; client and server never import each other. */
const boundaries = {
  'src/shared/**': [
    { group: ['**/client/**', '**/server/**', 'react', 'react-dom', 'fastify'], message: 'src/shared is imported by both sides and imports neither.' },
  ],
  'src/server/**': [{ group: ['**/client/**'], message: 'The server never imports client code.' }],
  'src/client/**': [{ group: ['**/server/**'], message: 'The client never imports server code.' }],
  'src/client/components/**': [{ group: ['**/features/**', '**/app/**'], message: 'Shared components do not import features or the app.' }],
  'src/client/lib/**': [{ group: ['**/features/**', '**/app/**'], message: 'Client lib does not import features or the app.' }],
};

const featureNames = ['home', 'auth', 'configurator', 'upgrades', 'checkout', 'dashboard', 'content', 'servers', 'billing', 'support', 'affiliate', 'account', 'admin'];

/**
 * Server features stand on their own (docs/decisions/041): a feature imports another only through its
 * index ('../billing', not '../billing/ledger') and never its own index. Import sources are relative,
 * so a gitignore-style group on 'features/billing/*' under a globstar never sees 'features' in '../billing/ledger';
 * the rule matches the source with a regex built for the importing file's depth instead (from
 * admin/<area>/, '../servers/x' is admin's own area, '../../servers/x' the servers feature).
 * Tests and their fixtures may reach into any feature, as may the app that puts the features together.
 */
const serverFeatures = readdirSync(`${import.meta.dirname}/src/server/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverTestSupport = ['**/*.test.ts', '**/*.fixtures.ts', '**/*-test-kit.ts'];

function serverFeatureRules(name, depth) {
  const up = '\\.\\./'.repeat(depth);
  const others = serverFeatures.filter((n) => n !== name).join('|');
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/client/**'], message: 'The server never imports client code.' },
          {
            regex: `^(?:${up}(?:${others})|(?:\\.\\./)+features/(?:${serverFeatures.join('|')}))/`,
            message: "Import another server feature only through its index ('../<feature>'); add what you need to its index.ts.",
          },
          {
            regex: `^(?:\\.|\\./index|${up}${name}(?:/index)?)$`,
            message: "A feature's own files import each other directly, never the feature's index.",
          },
        ],
      },
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.test-results', 'data', 'src/server/db/migrations', 'bench/results.md'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  ...Object.entries(boundaries).map(([files, patterns]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  ...featureNames.map((name) => ({
    files: [`src/client/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client never imports server code.' },
            {
              group: featureNames.filter((n) => n !== name).map((n) => `**/features/${n}/**`),
              message: 'A feature does not import another feature; move shared code to src/client/lib or components.',
            },
            { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
  ...serverFeatures.flatMap((name) => [
    { files: [`src/server/features/${name}/*.ts`], ignores: serverTestSupport, rules: serverFeatureRules(name, 1) },
    { files: [`src/server/features/${name}/*/**/*.ts`], ignores: serverTestSupport, rules: serverFeatureRules(name, 2) },
  ]),
);
