/**
 * The in-server half of the acceptance probe: the part of the runtime probe's preload (runtime-probe.ts) that finds
 * out what a server's tools accept at run time, through the very validation the MCP SDK runs on a `tools/call`, and
 * never calls a handler.
 *
 * How it gets there, on SDK 1.x (`@modelcontextprotocol/sdk`) and SDK 2.x (`@modelcontextprotocol/server`, whose
 * `dist/index.mjs` / `index.cjs` export the same `Protocol` and `McpServer`):
 * - The runtime probe sees every file of the SDK the server resolves; for each build (`dist/esm/`, `dist/cjs/`) it loads
 *   the same modules once the server has loaded them (the same instances: ESM by URL, CommonJS from require's cache)
 *   and wraps `Protocol.prototype._onrequest`, the method every incoming request passes through.
 * - After `tools/list`, the snapshot writes the id fields to try to the request file and sends a `ping`. The wrapper
 *   holds that ping back, finds the `McpServer` whose `server` received it (`Runtime.queryObjects` through an
 *   in-process `node:inspector` session: the SDK keeps no way back from a `Server` to its `McpServer`), validates each
 *   field, writes the answer file, and only then lets the ping through: when the snapshot has its pong, the answer is there.
 * - Each field is validated as the SDK validates a call: on 1.x `normalizeObjectSchema(tool.inputSchema) ??
 *   tool.inputSchema` parsed with the SDK's own `safeParseAsync` (zod 3 and zod 4 alike), on 2.x the registered
 *   schema's Standard Schema `validate` (what its `validateToolInput` calls), with the arguments `{field: 47}`,
 *   `{field: "47"}` and `{}`. A field accepts a value when no issue lies at or below its path (the other fields are
 *   missing, so the call as a whole fails; their issues lie elsewhere).
 * Anything it cannot find (another SDK, a low-level `Server`, no inspector) leaves the answer file unwritten, and the
 * acceptance is unknown.
 */
export const ACCEPTANCE_PRELOAD_SOURCE = `
const acceptanceRequestFile = process.env.AGENT_CONTRACT_ACCEPTANCE_REQUEST;
const acceptanceAnswerFile = process.env.AGENT_CONTRACT_ACCEPTANCE_ANSWER;
const sdkBuilds = new Set();
const mcpBuilds = [];
let acceptanceAnswered = false;

// Runs fn(post) with an in-process inspector session whose post answers synchronously.
function withInspector(fn) {
  if (typeof process.getBuiltinModule !== 'function') return undefined;
  const { Session } = process.getBuiltinModule('node:inspector');
  const session = new Session();
  session.connect();
  try {
    return fn((method, params) => {
      let answer;
      let failure;
      session.post(method, params, (error, result) => {
        failure = error;
        answer = result;
      });
      if (failure) throw failure;
      return answer;
    });
  } finally {
    session.disconnect();
  }
}

function instancesOf(prototype) {
  const key = Symbol.for('agent-contract.acceptance-probe');
  try {
    return withInspector((post) => {
      globalThis[key] = prototype;
      const found = post('Runtime.evaluate', { expression: 'globalThis[Symbol.for("agent-contract.acceptance-probe")]', objectGroup: 'agent-contract' }).result;
      const list = post('Runtime.queryObjects', { prototypeObjectId: found.objectId, objectGroup: 'agent-contract' }).objects;
      post('Runtime.callFunctionOn', { objectId: list.objectId, functionDeclaration: 'function (key) { globalThis[Symbol.for(key)] = this; }', arguments: [{ value: key.description }] });
      const instances = globalThis[key];
      post('Runtime.releaseObjectGroup', { objectGroup: 'agent-contract' });
      return Array.isArray(instances) ? instances : [];
    }) ?? [];
  } finally {
    delete globalThis[key];
  }
}

function valueAt(path, leaf) {
  const build = (index) => index === path.length ? leaf : path[index] === '[]' ? [build(index + 1)] : { [path[index]]: build(index + 1) };
  return build(0);
}

// The arguments of a call without the field: its parents as objects (an array holds one), the field itself left out.
function withoutField(path) {
  const build = (index) => index === path.length - 1 ? {} : path[index] === '[]' ? [build(index + 1)] : { [path[index]]: build(index + 1) };
  return build(0);
}

const issuePath = (path) => path.map((segment) => (segment === '[]' ? '0' : String(segment)));
const startsWith = (path, prefix) => prefix.every((segment, index) => String(path[index]) === segment);

// true / false for accepted / rejected; undefined when the issues cannot be told apart (an issue on a parent of the field).
async function accepts(parse, args, path) {
  const result = await parse(args);
  if (result && result.success === true) return { accepted: true, data: result.data };
  const issues = result && result.error && result.error.issues;
  if (!Array.isArray(issues)) return undefined;
  const target = issuePath(path);
  if (issues.some((issue) => Array.isArray(issue.path) && startsWith(issue.path, target))) return { accepted: false };
  const onParent = issues.some((issue) => Array.isArray(issue.path) && issue.path.length > 0 && issue.path.length < target.length && startsWith(target, issue.path.map(String)));
  return onParent ? undefined : { accepted: true };
}

// A Standard Schema's validate (SDK 2.x validates tool input through it) as a safeParseAsync: issue paths as keys.
function standardParse(schema) {
  const validate = schema && schema['~standard'] && schema['~standard'].validate;
  if (typeof validate !== 'function') return undefined;
  return async (args) => {
    const result = await validate.call(schema['~standard'], args);
    if (!result || !Array.isArray(result.issues) || result.issues.length === 0) return { success: true, data: result && result.value };
    const issues = result.issues.map((issue) => ({ ...issue, path: Array.isArray(issue.path) ? issue.path.map((segment) => (segment !== null && typeof segment === 'object' ? segment.key : segment)) : [] }));
    return { success: false, error: { issues } };
  };
}

// How a build validates a tool's input: SDK 1.x through its zod-compat module, SDK 2.x through Standard Schema.
function parserOf(build, tool) {
  const { compat } = build;
  if (build.standard) {
    const parse = standardParse(tool.inputSchema);
    const shape = tool.inputSchema && typeof tool.inputSchema.shape === 'object' ? tool.inputSchema.shape : undefined;
    return parse && { parse, fieldParse: (key) => standardParse(shape && shape[key]) };
  }
  const schema = (compat && typeof compat.normalizeObjectSchema === 'function' && compat.normalizeObjectSchema(tool.inputSchema)) || tool.inputSchema;
  const parse = compat && typeof compat.safeParseAsync === 'function'
    ? (args) => compat.safeParseAsync(schema, args)
    : typeof schema.safeParseAsync === 'function' ? (args) => schema.safeParseAsync(args) : undefined;
  const fieldParse = (key) => {
    const own = compat && typeof compat.getObjectShape === 'function' ? compat.getObjectShape(schema)?.[key] : undefined;
    return own && ((value) => compat.safeParseAsync(own, value));
  };
  return parse && { parse, fieldParse };
}

async function fieldAcceptance(mcp, build, entry) {
  const tool = mcp._registeredTools && mcp._registeredTools[entry.tool];
  if (!tool || !tool.inputSchema) return null;
  const parser = parserOf(build, tool);
  if (!parser) return null;
  const { parse } = parser;
  const answer = {};
  const tried = async (args, path) => { try { return await accepts(parse, args, path); } catch { return undefined; } };
  const number = await tried(valueAt(entry.path, 47), entry.path);
  if (number) answer.number = number.accepted;
  const string = await tried(valueAt(entry.path, '47'), entry.path);
  if (string) answer.string = string.accepted;
  const property = [...entry.path];
  while (property.at(-1) === '[]') property.pop();
  const missing = property.length === 0 ? undefined : await tried(withoutField(property), property);
  if (missing) {
    answer.missing = missing.accepted ? 'accepted' : 'rejected';
    // zod 3's z.coerce.string() takes a missing key as the string "undefined": accepted, but no caller means that.
    if (missing.accepted && property.length === 1) {
      try {
        const own = parser.fieldParse(property[0]);
        const alone = own && (await own(undefined));
        if (alone && alone.success === true && alone.data === 'undefined') answer.missing = 'coerced';
      } catch {}
    }
  }
  return answer;
}

async function answerAcceptance(protocol) {
  if (acceptanceAnswered || !acceptanceRequestFile || !acceptanceAnswerFile) return;
  let request;
  try {
    request = JSON.parse(readFileSync(acceptanceRequestFile, 'utf8'));
  } catch {
    return;
  }
  for (const build of mcpBuilds) {
    const mcp = instancesOf(build.McpServer.prototype).find((instance) => instance && instance.server === protocol);
    if (!mcp) continue;
    acceptanceAnswered = true;
    const answers = [];
    for (const entry of request) answers.push(await fieldAcceptance(mcp, build, entry));
    writeFileSync(acceptanceAnswerFile, JSON.stringify(answers));
    return;
  }
}

// SDK 1.x: dist/esm/ or dist/cjs/ holds shared/protocol.js, server/mcp.js and server/zod-compat.js. SDK 2.x
// (@modelcontextprotocol/server): dist/index.mjs or dist/index.cjs exports Protocol and McpServer.
async function patchSdkBuild(root, commonJs, v2) {
  const requireFrom = commonJs ? nodeModule.createRequire(root + 'package.json') : undefined;
  const load = (file) => (commonJs ? Promise.resolve(requireFrom(root + file)) : import(root + file));
  try {
    const [{ Protocol }, { McpServer }] = v2
      ? await load(commonJs ? 'index.cjs' : 'index.mjs').then((index) => [index, index])
      : await Promise.all([load('shared/protocol.js'), load('server/mcp.js')]);
    const compat = v2 ? undefined : await load('server/zod-compat.js').catch(() => undefined);
    if (typeof McpServer !== 'function' || typeof Protocol?.prototype?._onrequest !== 'function') return;
    mcpBuilds.push({ McpServer, compat, standard: v2 });
    const original = Protocol.prototype._onrequest;
    Protocol.prototype._onrequest = function (request, ...rest) {
      if (request && request.method === 'ping' && !acceptanceAnswered && existsSync(acceptanceRequestFile)) {
        answerAcceptance(this).catch(() => {}).finally(() => original.call(this, request, ...rest));
        return;
      }
      return original.call(this, request, ...rest);
    };
  } catch {}
}

// Called with every file the server resolves into node_modules: a build of the SDK is patched once it has been loaded.
function noteSdkFile(resolved, commonJs) {
  if (!acceptanceRequestFile) return;
  const v1 = /^(.*[\\\\/]node_modules[\\\\/]@modelcontextprotocol[\\\\/]sdk[\\\\/]dist[\\\\/](?:esm|cjs)[\\\\/])/.exec(resolved);
  const v2 = v1 ? null : /^(.*[\\\\/]node_modules[\\\\/]@modelcontextprotocol[\\\\/]server[\\\\/]dist[\\\\/])[^\\\\/]*\\.(mjs|cjs)$/.exec(resolved);
  const match = v1 || v2;
  if (!match) return;
  const build = v2 ? match[1] + ' ' + v2[2] : match[1];
  if (sdkBuilds.has(build)) return;
  sdkBuilds.add(build);
  // After the import that resolved it has run: the same module instances, and the server's own code goes first.
  setImmediate(() => void patchSdkBuild(match[1], v2 ? v2[2] === 'cjs' : commonJs, Boolean(v2)));
}
`;
