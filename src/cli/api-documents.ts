import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { apiReferenceOf, isApiDocument, type ApiReference } from '../model/api-reference.ts';

/**
 * The OpenAPI documents a project carries (`openapi.yaml`, `docs/api.json`, ...): JSON or YAML files of its own, at
 * most three folders deep, outside dependencies and build output, whose top level says `openapi` or `swagger`.
 */

const EXTENSIONS = new Set(['.json', '.yaml', '.yml']);
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', 'vendor']);
const MAX_DEPTH = 3;
/** Larger files are no document a server carries by hand (and would cost the audit seconds to parse). */
const MAX_BYTES = 8 * 1024 * 1024;
/** How much of a file is looked at to tell an OpenAPI document from other data. */
const HEAD_BYTES = 4096;

/** Thrown for a document named on the command line that cannot be read as one. */
export class ApiDocumentError extends Error {}

function looksLikeApiDocument(head: string): boolean {
  return /(^|\n)\s*["']?(openapi|swagger)["']?\s*:/.test(head);
}

/** JSON for a `.json` file, or a URL's answer that starts with a brace (its path may not say); YAML otherwise. */
function isJson(source: string, text: string): boolean {
  return source.toLowerCase().endsWith('.json') || (isUrl(source) && text.trimStart().startsWith('{'));
}

function parseDocument(source: string, text: string): unknown {
  return isJson(source, text) ? JSON.parse(text) : parseYaml(text);
}

/** The first bytes of a file: enough to tell an OpenAPI document from other data without reading all of it. */
function headOf(file: string): string {
  const buffer = Buffer.alloc(HEAD_BYTES);
  const handle = openSync(file, 'r');
  try {
    return buffer.toString('utf8', 0, readSync(handle, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(handle);
  }
}

/** The project's own OpenAPI documents, read and indexed; a file that does not parse is skipped. */
export function apiReferencesIn(root: string): ApiReference[] {
  const found: ApiReference[] = [];
  const walk = (folder: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && !SKIPPED.has(entry.name)) walk(file, depth + 1);
        continue;
      }
      if (!entry.isFile() || !EXTENSIONS.has(path.extname(entry.name).toLowerCase())) continue;
      if (/^(package|package-lock|tsconfig.*|jsconfig|mcp-contract)\.json$/.test(entry.name)) continue;
      try {
        if (statSync(file).size > MAX_BYTES || !looksLikeApiDocument(headOf(file))) continue;
        const document = parseDocument(file, readFileSync(file, 'utf8'));
        if (isApiDocument(document))
          found.push(apiReferenceOf(document, path.relative(root, file).split(path.sep).join('/')));
      } catch {
        // Not a document this audit can read: it is no evidence either way.
      }
    }
  };
  walk(root, 0);
  return found;
}

/** How long `--openapi <url>` waits for the document. */
const FETCH_TIMEOUT_MS = 30_000;

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** Who named a document, for its errors (`--openapi`), and the folder a relative path is read from. */
export interface DocumentOrigin {
  readonly from: string;
  readonly base: string;
}

const COMMAND_LINE: DocumentOrigin = { from: '--openapi', base: '.' };

/** The text of a document named by the user: a file, or a URL fetched once. */
async function documentText(source: string, { from, base }: DocumentOrigin): Promise<string> {
  if (!isUrl(source)) {
    try {
      return readFileSync(path.resolve(base, source), 'utf8');
    } catch {
      throw new ApiDocumentError(
        `${from} ${source}: no such file; give the path or URL of the API's OpenAPI document (JSON or YAML)`,
      );
    }
  }
  let response: Response;
  try {
    response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new ApiDocumentError(
      `${from} ${source}: could not fetch it (${cause}); download the document and pass its file instead`,
    );
  }
  if (!response.ok)
    throw new ApiDocumentError(
      `${from} ${source}: the server answered ${response.status} ${response.statusText}; check the URL, or download the document and pass its file`,
    );
  return response.text();
}

/**
 * A document named by the user (`--openapi api.yaml`, `--openapi https://example.com/openapi.json`): read, or an error
 * that names it and says what it is not.
 */
export async function readApiReference(
  source: string,
  root: string,
  origin: DocumentOrigin = COMMAND_LINE,
): Promise<ApiReference> {
  const { from } = origin;
  const text = await documentText(source, origin);
  let document: unknown;
  try {
    document = parseDocument(source, text);
  } catch (error) {
    throw new ApiDocumentError(
      `${from} ${source}: does not parse as ${isJson(source, text) ? 'JSON' : 'YAML'} (${(error as Error).message.split('\n', 1)[0]})`,
    );
  }
  if (!isApiDocument(document))
    throw new ApiDocumentError(
      `${from} ${source}: not an OpenAPI document (no top-level "openapi" or "swagger" with "paths")`,
    );
  if (isUrl(source)) return apiReferenceOf(document, source);
  const shown = path.relative(root, path.resolve(origin.base, source)).split(path.sep).join('/');
  return apiReferenceOf(document, shown.startsWith('..') ? source : shown);
}
