// The builder's lint (src/adapters/web), run by `npm test` (`npm run lint`): the React hooks rules,
// TypeScript's recommended rules, and the app's boundaries, so a newcomer's change stays in its room.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'src/adapters/web/src';
/** The builder's feature folders: each talks to the service through its own api.ts, and to no other feature. */
const FEATURES = ['collections', 'calendar', 'slice-editor'];

export default tseslint.config(
  { ignores: ['dist/**', `${WEB}/api/vitrine-api.d.ts`] },
  {
    files: [`${WEB}/**/*.{ts,tsx}`, 'src/adapters/web/vite.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(GET|POST|PUT|PATCH|DELETE)$/]',
          message: "Calls to the service belong in the feature's api.ts (a TanStack Query hook), not in components.",
        },
      ],
    },
  },
  // The service is called from the api/ client and from each feature's api.ts (or api/ folder) only.
  { files: [`${WEB}/api/**/*.ts`, `${WEB}/*/api.ts`, `${WEB}/*/api/*.ts`], rules: { 'no-restricted-syntax': 'off' } },
  ...FEATURES.map((feature) => ({
    files: [`${WEB}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`../${f}`, `../${f}/*`]),
              message: 'A feature does not reach into another: move what both need to shared/ (or api/).',
            },
            {
              group: ['**/domain/**', '**/application/**', '**/composition/**', '**/adapters/http/**'],
              message: 'The builder speaks to the service over HTTP only.',
            },
          ],
        },
      ],
    },
  })),
);
