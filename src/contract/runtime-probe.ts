import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../package-info.ts';
import { ACCEPTANCE_PRELOAD_SOURCE } from './acceptance-probe.ts';
import type { ContractRuntime } from './contract-types.ts';

/**
 * Which MCP SDK and Zod copies a server process really loaded. A contract records them because they, not the
 * schemas alone, decide the published bytes (zod 3 and zod 4 render the same schema differently; the SDK renders
 * zod 4 schemas with its own copy).
 *
 * The probe is a preload handed to a Node server through NODE_OPTIONS (a data: URL, so nothing is written next to
 * the server; its `sourceURL` names it in the server's own stack traces, which pass through the ESM wrapper below,
 * instead of some 7 KB of base64). It appends every bare specifier that resolves into a node_modules package, with
 * the importing file, to a report file, at little cost to the server's start-up:
 * - CommonJS: a wrapper around `Module._resolveFilename`, on the main thread.
 * - ESM: `module.registerHooks` where Node has it (22.15+), a synchronous hook on the main thread.
 * - ESM before that (Node 20.19 to 22.14): a wrapper around the `resolve` method of Node's ESM loader, the object every
 *   import of the process is resolved through, also under loader hooks such as tsx's. Node does not hand that object
 *   out; the preload reaches it through an in-process `node:inspector` session, as the variable `cascadedLoader` in
 *   the scope of `module.register`, and closes the session again (about 5 ms, once). It is the cheapest way that
 *   sees every import; the others measured are in docs/dev/performance-notes.md.
 * Where neither ESM way works (a Node without the inspector, or one whose loader looks different), the probe records
 * nothing at all rather than the CommonJS half, and the runtime is unknown. A process that is not Node ignores all of
 * this, and its runtime is simply unknown too.
 */

const PRELOAD_SOURCE = `
import * as nodeModule from 'node:module';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
${ACCEPTANCE_PRELOAD_SOURCE}

// Node's ESM loader: the \`cascadedLoader\` in the closure of module.register, reached through the inspector.
function esmLoader() {
  if (typeof process.getBuiltinModule !== 'function') return undefined;
  const { Session } = process.getBuiltinModule('node:inspector');
  const session = new Session();
  session.connect();
  const key = Symbol.for('agent-contract.runtime-probe');
  try {
    const post = (method, params) => {
      let answer;
      let failure;
      session.post(method, params, (error, result) => {
        failure = error;
        answer = result;
      });
      if (failure) throw failure;
      return answer;
    };
    const properties = (objectId) => post('Runtime.getProperties', { objectId, ownProperties: true });
    const register = post('Runtime.evaluate', { expression: 'process.getBuiltinModule("node:module").register' }).result;
    const scopes = properties(register.objectId).internalProperties?.find((property) => property.name === '[[Scopes]]');
    for (const scope of scopes ? properties(scopes.value.objectId).result : []) {
      const loader = properties(scope.value.objectId).result.find((variable) => variable.name === 'cascadedLoader');
      if (!loader?.value?.objectId) continue;
      post('Runtime.callFunctionOn', { objectId: loader.value.objectId, functionDeclaration: 'function (key) { globalThis[Symbol.for(key)] = this; }', arguments: [{ value: key.description }] });
      return globalThis[key];
    }
    return undefined;
  } finally {
    delete globalThis[key];
    session.disconnect();
  }
}

// Starts recording ESM resolutions; false when this Node offers no way the probe knows.
function watchEsm(record) {
  if (typeof nodeModule.registerHooks === 'function') {
    nodeModule.registerHooks({
      resolve(specifier, context, next) {
        const result = next(specifier, context);
        record(specifier, result && result.url, context.parentURL);
        return result;
      },
    });
    return true;
  }
  const loader = esmLoader();
  if (!loader || typeof loader.resolve !== 'function') return false;
  for (const name of ['resolve', 'resolveSync']) {
    const original = loader[name];
    if (typeof original !== 'function') continue;
    loader[name] = function (specifier, parentURL, ...rest) {
      const result = original.call(this, specifier, parentURL, ...rest);
      // With loader hooks (tsx) the answer is a promise.
      if (result && typeof result.then === 'function') result.then((answer) => record(specifier, answer && answer.url, parentURL), () => {});
      else record(specifier, result && result.url, parentURL);
      return result;
    };
  }
  return true;
}

try {
  const out = process.env.AGENT_CONTRACT_RUNTIME_REPORT;
  if (out) {
    const seen = new Set();
    const record = (raw, resolved, parent, commonJs) => {
      try {
        const specifier = raw instanceof URL ? raw.href : raw;
        // A URL (file:, node:, the probe's own loads) is no bare specifier.
        if (typeof specifier !== 'string' || !/^[@a-z0-9]/i.test(specifier) || specifier.includes(':') || typeof resolved !== 'string' || !resolved.includes('node_modules')) return;
        noteSdkFile(resolved, commonJs === true);
        const key = specifier + ' ' + parent;
        if (seen.has(key)) return;
        seen.add(key);
        appendFileSync(out, JSON.stringify({ specifier, resolved, parent: parent || null }) + '\\n');
      } catch {}
    };
    // Half a picture (CommonJS only) would name the wrong copies; none leaves the runtime unknown.
    if (watchEsm(record)) {
      const Module = nodeModule.default;
      const resolveFilename = Module._resolveFilename;
      Module._resolveFilename = function (request, parent, ...rest) {
        const filename = resolveFilename.call(this, request, parent, ...rest);
        record(request, filename, parent && parent.filename, true);
        return filename;
      };
    }
  }
} catch {}
//# sourceURL=agent-contract-runtime-probe.mjs
`;

export const RUNTIME_REPORT_ENV = 'AGENT_CONTRACT_RUNTIME_REPORT';
export const ACCEPTANCE_REQUEST_ENV = 'AGENT_CONTRACT_ACCEPTANCE_REQUEST';
export const ACCEPTANCE_ANSWER_ENV = 'AGENT_CONTRACT_ACCEPTANCE_ANSWER';

/** Where the acceptance probe (acceptance-probe.ts) reads the fields to try and writes what they accept. */
export interface AcceptanceFiles {
  readonly request: string;
  readonly answer: string;
}

/**
 * The environment that makes a Node server report what it loads to `reportFile` (and, given `acceptance`, answer the
 * acceptance probe); the server's own NODE_OPTIONS stay first.
 */
export function runtimeProbeEnv(
  reportFile: string,
  env: Readonly<Record<string, string | undefined>>,
  acceptance?: AcceptanceFiles,
): Record<string, string> {
  const preload = `--import=data:text/javascript;base64,${Buffer.from(PRELOAD_SOURCE).toString('base64')}`;
  const nodeOptions = env['NODE_OPTIONS']?.trim() ?? '';
  return {
    [RUNTIME_REPORT_ENV]: reportFile,
    ...(acceptance === undefined
      ? {}
      : { [ACCEPTANCE_REQUEST_ENV]: acceptance.request, [ACCEPTANCE_ANSWER_ENV]: acceptance.answer }),
    NODE_OPTIONS: nodeOptions === '' ? preload : `${nodeOptions} ${preload}`,
  };
}

interface ReportLine {
  readonly specifier: string;
  readonly resolved: string;
  readonly parent: string | null;
}

interface PackageRef {
  readonly root: string;
  readonly name: string;
  readonly version: string;
}

function toPath(location: string): string {
  return location.startsWith('file:') ? fileURLToPath(location) : location;
}

/** The package a file belongs to: the folder right below its last `node_modules`. */
function packageRootOf(file: string): string | undefined {
  const normalised = file.replace(/\\/g, '/');
  const index = normalised.lastIndexOf('/node_modules/');
  if (index < 0) return undefined;
  const rest = normalised.slice(index + '/node_modules/'.length).split('/');
  const depth = rest[0]?.startsWith('@') === true ? 2 : 1;
  if (rest.length <= depth) return undefined;
  return `${normalised.slice(0, index)}/node_modules/${rest.slice(0, depth).join('/')}`;
}

function readPackage(root: string, cache: Map<string, PackageRef | null>): PackageRef | undefined {
  const cached = cache.get(root);
  if (cached !== undefined) return cached ?? undefined;
  let found: PackageRef | null = null;
  try {
    const json = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof json.name === 'string' && typeof json.version === 'string')
      found = { root, name: json.name, version: json.version };
  } catch {
    found = null;
  }
  cache.set(root, found);
  return found ?? undefined;
}

const isMcpPackage = (name: string) => name.startsWith('@modelcontextprotocol/');

/**
 * The folders of agent-contract's own code (`src/` and `dist/src/` of this package): what its helpers (guardId)
 * import is not the server's choice of zod. Installed, the package is recognised by its name instead.
 */
function ownCodeFolders(): string[] {
  if (PACKAGE_ROOT === undefined) return [];
  const root = PACKAGE_ROOT.replace(/\\/g, '/');
  return [`${root}/src/`, `${root}/dist/src/`];
}

const OWN_CODE = ownCodeFolders();

/** `zod/v3` -> `zod/v3`, `zod3` (an alias of zod) -> ``, `zod` -> ``: the subpath a server imported, if any. */
function subpathOf(specifier: string): string {
  const parts = specifier.split('/');
  const depth = specifier.startsWith('@') ? 2 : 1;
  return parts.slice(depth).join('/');
}

/**
 * Turns the probe's report lines into the runtime a contract records; undefined when nothing was reported.
 * `zod` is what the server's own code (and the packages it imports, up to an MCP package) imported; `sdkZod` what the
 * MCP packages and their own dependencies (zod-to-json-schema, say) imported.
 */
export function runtimeFromReport(text: string): ContractRuntime | undefined {
  const cache = new Map<string, PackageRef | null>();
  const APP = '';
  const edges = new Map<string, { target: PackageRef; specifier: string }[]>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: ReportLine;
    try {
      entry = JSON.parse(line) as ReportLine;
    } catch {
      continue;
    }
    const targetRoot = packageRootOf(toPath(entry.resolved));
    const target = targetRoot === undefined ? undefined : readPackage(targetRoot, cache);
    if (target === undefined) continue;
    const parentPath = entry.parent === null ? undefined : toPath(entry.parent).replace(/\\/g, '/');
    const from = (parentPath === undefined ? undefined : packageRootOf(parentPath)) ?? APP;
    if (from === target.root) continue;
    const own =
      from === APP
        ? OWN_CODE.some((folder) => parentPath?.startsWith(folder) === true)
        : readPackage(from, cache)?.name === 'agent-contract';
    if (own) continue;
    edges.set(from, [...(edges.get(from) ?? []), { target, specifier: entry.specifier }]);
  }
  const reach = (starts: readonly string[], expandMcp: boolean): Set<string> => {
    const seen = new Set(starts);
    const queue = [...starts];
    for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
      const name = node === APP ? '' : (cache.get(node)?.name ?? '');
      if (!expandMcp && isMcpPackage(name)) continue;
      for (const { target } of edges.get(node) ?? []) {
        if (seen.has(target.root)) continue;
        seen.add(target.root);
        queue.push(target.root);
      }
    }
    return seen;
  };
  const appSide = reach([APP], false);
  const mcpRoots = [...appSide].filter((root) => isMcpPackage(cache.get(root)?.name ?? ''));
  const sdkSide = reach(mcpRoots, true);
  const sdk = new Set<string>();
  const zod = new Set<string>();
  const sdkZod = new Set<string>();
  for (const [from, list] of edges) {
    const fromName = from === APP ? '' : (cache.get(from)?.name ?? '');
    const fromApp = appSide.has(from) && !isMcpPackage(fromName);
    for (const { target, specifier } of list) {
      if (isMcpPackage(target.name) && fromApp) sdk.add(`${target.name}@${target.version}`);
      if (target.name !== 'zod') continue;
      if (fromApp) {
        const subpath = subpathOf(specifier);
        zod.add(subpath === '' ? target.version : `${target.version} (zod/${subpath})`);
      }
      if (sdkSide.has(from)) sdkZod.add(target.version);
    }
  }
  if (sdk.size === 0 && zod.size === 0 && sdkZod.size === 0) return undefined;
  const sorted = (set: Set<string>) => [...set].sort();
  return { sdk: sorted(sdk), zod: sorted(zod), sdkZod: sorted(sdkZod) };
}

/**
 * Reads the report as often as asked, interpreting it again only when it has changed. The probe appends as the server
 * loads, so a snapshot reads it once while the server answers tools/list and once more at the end; the second read
 * mostly finds the same text (interpreting it reads a package.json per package, some 10 ms on the helpdesk example).
 */
export function runtimeReportReader(reportFile: string): () => Promise<ContractRuntime | undefined> {
  let last: { text: string; runtime: ContractRuntime | undefined } | undefined;
  return async () => {
    let text: string;
    try {
      text = await readFile(reportFile, 'utf8');
    } catch {
      return undefined;
    }
    if (last?.text !== text) last = { text, runtime: runtimeFromReport(text) };
    return last.runtime;
  };
}
