import path from 'node:path';

/**
 * The options of the plugin's entry in tsconfig `compilerOptions.plugins`, as ts-plugin/options.schema.json describes
 * them:
 *
 *   { "name": "agent-contract/ts-plugin", "severity": { "tolerated": "off" }, "include": ["src/tools"] }
 *
 * An option that is not valid is logged once, by name, and its default is used; the others keep their values.
 */

/**
 * The kinds of finding a severity is set for: the chain verdicts the plugin shows, a published field the handler never
 * reads, and a published field its disposition table refuses.
 */
export const FINDING_KINDS = ['broken', 'suspect', 'tolerated', 'unread', 'refused'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const SEVERITIES = ['error', 'warning', 'suggestion', 'off'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DEFAULT_SEVERITY: Readonly<Record<FindingKind, Severity>> = {
  broken: 'error',
  suspect: 'warning',
  tolerated: 'suggestion',
  unread: 'warning',
  refused: 'warning',
};

export interface PluginOptions {
  readonly severity: Readonly<Record<FindingKind, Severity>>;
  /** The globs of `include`, relative to the tsconfig's folder; undefined: every file of the project. */
  readonly include: readonly string[] | undefined;
}

/** Keys tsserver itself puts in a plugin entry. */
const ENTRY_KEYS = new Set(['name', 'global']);

const PREFIX = 'agent-contract/ts-plugin: option';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const quoted = (values: readonly string[]): string => values.map((value) => `"${value}"`).join(', ');

/** The options of a plugin entry; each problem is passed to `log` as one line naming the option. */
export function pluginOptionsOf(entry: unknown, log: (line: string) => void): PluginOptions {
  const config = isRecord(entry) ? entry : {};
  for (const key of Object.keys(config))
    if (!ENTRY_KEYS.has(key) && key !== 'severity' && key !== 'include')
      log(`${PREFIX} "${key}" is not one of "severity", "include"; it is ignored`);

  const severity = { ...DEFAULT_SEVERITY };
  const given = config['severity'];
  if (given !== undefined && !isRecord(given))
    log(`${PREFIX} "severity" is not an object such as { "tolerated": "off" }; using the default severities`);
  else if (given !== undefined) {
    for (const [kind, value] of Object.entries(given)) {
      if (!(FINDING_KINDS as readonly string[]).includes(kind)) {
        log(`${PREFIX} "severity.${kind}" is not one of ${quoted(FINDING_KINDS)}; it is ignored`);
      } else if (!(SEVERITIES as readonly unknown[]).includes(value)) {
        log(
          `${PREFIX} "severity.${kind}" is ${JSON.stringify(value)}, not one of ${quoted(SEVERITIES)}; using "${DEFAULT_SEVERITY[kind as FindingKind]}"`,
        );
      } else severity[kind as FindingKind] = value as Severity;
    }
  }

  let include: string[] | undefined;
  const globs = config['include'];
  if (globs !== undefined) {
    if (Array.isArray(globs) && globs.every((glob) => typeof glob === 'string' && glob !== '')) include = globs;
    else
      log(`${PREFIX} "include" is not a list of globs such as ["src/**/*.ts"]; every file of the project is included`);
  }
  return { severity, include };
}

/**
 * A glob as a regular expression over a `/`-separated relative path: `**` any folders, `*` and `?` within one name;
 * as in tsconfig `include`, a glob that names a folder takes in everything under it.
 */
export function globPattern(glob: string): RegExp {
  let source = '';
  const normal = glob.replace(/^\.\//, '');
  for (let index = 0; index < normal.length; index += 1) {
    const char = normal[index] as string;
    if (char === '*' && normal[index + 1] === '*') {
      const slash = normal[index + 2] === '/';
      source += slash ? '(?:[^/]+/)*' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}(?:/.*)?$`);
}

/** Whether the plugin reports in `fileName`: every file without `include`, else a file one of its globs matches. */
export function createFileFilter(options: PluginOptions, projectDirectory: string): (fileName: string) => boolean {
  if (options.include === undefined) return () => true;
  const patterns = options.include.map(globPattern);
  return (fileName) => {
    const relative = path.relative(projectDirectory, fileName).split(path.sep).join('/');
    return patterns.some((pattern) => pattern.test(relative));
  };
}
