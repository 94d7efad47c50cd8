import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
// The project lints itself with its own plugin, built by `npm run build` (which `npm test` runs first).
import agentContract from './dist/eslint-plugin/index.js';

/**
 * The layout is the architecture: one model of a tool surface (src/model, pure facts), two syntax readers that turn code
 * into model facts (src/adapters), shared plumbing (src/transport, src/files), front ends that never import each other,
 * the runtime library a server ships, and the CLI, the only room that wires front ends together.
 */
const FRONT_ENDS = ['eslint-plugin', 'codemods', 'src/audit', 'src/contract', 'src/testing', 'src/ts-plugin'];
const RUNTIME = ['src/guard', 'src/dispositions', 'src/responses', 'src/index.ts'];
const PLUMBING = ['src/transport', 'src/files'];
const ADAPTERS = ['src/adapters'];
/**
 * Every front end and the CLI read code only through an adapter's face (`src/adapters/<name>/index.ts`), never its
 * inner files. The editor plugin keeps `import ts from 'typescript'` for the host's API (diagnostics, code fixes;
 * its bundle points it at the language service's own copy), and reads code through the face like the others.
 */
const FACED_FRONT_ENDS = [...FRONT_ENDS, 'src/cli'];
const FACES = ['./typescript/index.ts', './estree/index.ts', './packages/index.ts'];

const zones = [
  {
    target: 'src/model',
    from: [...ADAPTERS, ...PLUMBING, ...FRONT_ENDS, ...RUNTIME, 'src/cli'],
    message: 'src/model holds pure facts; adapters and front ends import it, never the reverse.',
  },
  {
    target: ADAPTERS,
    from: ['src/transport', ...FRONT_ENDS, ...RUNTIME, 'src/cli'],
    message: 'Adapters turn code into model facts; they import only the model, other adapters and src/files.',
  },
  {
    target: PLUMBING,
    from: [...ADAPTERS, ...FRONT_ENDS, ...RUNTIME, 'src/cli'],
    message: 'Plumbing imports only the model and itself.',
  },
  {
    target: RUNTIME,
    from: [...ADAPTERS, ...PLUMBING, ...FRONT_ENDS, 'src/cli'],
    message: 'The runtime library ships in servers: it imports only the model and zod.',
  },
  ...FRONT_ENDS.map((frontEnd) => ({
    target: frontEnd,
    from: [...FRONT_ENDS.filter((other) => other !== frontEnd), 'src/cli'],
    message: 'Front ends never import each other; src/cli wires them together.',
  })),
  ...FACED_FRONT_ENDS.map((frontEnd) => ({
    target: frontEnd,
    from: 'src/adapters',
    except: FACES,
    message: "Front ends read code through an adapter's face: import src/adapters/<name>/index.ts.",
  })),
];

/** Packages the pure model must not reach: Node, the compiler, ESLint, the SDK. */
const NOT_IN_MODEL = [
  'node:*',
  'typescript',
  'eslint',
  '@typescript-eslint/*',
  '@modelcontextprotocol/*',
  'zod',
  'zod/*',
];
/** What a server that imports the runtime must not pay for. */
const NOT_IN_RUNTIME = [
  'typescript',
  'eslint',
  '@typescript-eslint/*',
  '@modelcontextprotocol/*',
  'jscodeshift',
  'ts-morph',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/zod-matrix/*/node_modules/**',
      '**/fixtures/**',
      'coverage/**',
      '.tmp/**',
      'bench/.corpus/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // CommonJS files (bench/timeline-preload.cjs, loaded with --require) import with require by definition.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['src/**/*.ts', 'eslint-plugin/**/*.ts', 'codemods/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NOT_IN_MODEL, message: 'src/model holds pure facts: read code and files in src/adapters.' },
          ],
        },
      ],
    },
  },
  {
    // Syntax is read behind the adapters' faces: these front ends get facts, and may name the compiler's types only.
    // Named exceptions: the ESLint plugin's loader of typescript-eslint's own TypeScript (utils/typescript.ts), and the
    // codemod runner's tsconfig reading and module resolution, which load typescript lazily as an optional peer.
    files: ['src/audit/**/*.ts', 'src/cli/**/*.ts', 'eslint-plugin/**/*.ts', 'codemods/**/*.ts'],
    ignores: ['eslint-plugin/utils/typescript.ts', 'codemods/runner/project.ts', 'codemods/runner/tsconfig-files.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typescript',
              allowTypeImports: true,
              message:
                "Read TypeScript syntax in src/adapters/typescript and import its facts from the adapter's face.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/guard/**/*.ts', 'src/dispositions/**/*.ts', 'src/responses/**/*.ts', 'src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NOT_IN_RUNTIME, message: 'The runtime library ships in servers: keep the toolchain out of it.' },
          ],
        },
      ],
    },
  },
  {
    ...agentContract.configs.recommended,
    files: ['src/**/*.ts', 'examples/**/*.ts', 'eslint-plugin/**/*.ts', 'codemods/**/*.ts'],
  },
  { ...agentContract.configs.tests, files: ['test/**/*.ts'] },
);
