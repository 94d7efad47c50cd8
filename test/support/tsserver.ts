import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real tsserver process, driven over its stdio protocol as an editor drives it: requests are JSON lines on stdin,
 * answers and events come back framed by `Content-Length`. The plugin is found the way an installed one is: through
 * `--pluginProbeLocations`, a folder whose node_modules/agent-contract links to this repository (its built package).
 * The tests in test/ts-plugin and `npm run bench:editor` both drive it.
 */

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsserverPath = path.join(repositoryRoot, 'node_modules/typescript/lib/tsserver.js');

/**
 * A project folder as a user has it: `fixture`'s files (its tsconfig.json listing the plugin) beside a copy of
 * `sources` under src/, and node_modules linked to this repository's, so zod and the SDK resolve. Returns its path.
 */
export function projectFolder(fixture: string, sources: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'agent-contract-project-'));
  cpSync(path.join(repositoryRoot, fixture), folder, { recursive: true });
  cpSync(path.join(repositoryRoot, sources), path.join(folder, 'src'), { recursive: true });
  symlinkSync(path.join(repositoryRoot, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return folder;
}

export interface Location {
  readonly line: number;
  readonly offset: number;
}

export interface RelatedInformation {
  readonly span?: { readonly start: Location; readonly end: Location; readonly file: string };
  readonly message: string;
  readonly category: string;
  readonly code: number;
}

export interface ServerDiagnostic {
  readonly start: Location;
  readonly end: Location;
  readonly text: string;
  readonly code: number;
  readonly category: string;
  readonly source?: string;
  readonly relatedInformation?: readonly RelatedInformation[];
}

export interface CodeEdit {
  readonly start: Location;
  readonly end: Location;
  readonly newText: string;
}

export interface CodeFixAction {
  readonly fixName: string;
  readonly description: string;
  readonly changes: readonly { readonly fileName: string; readonly textChanges: readonly CodeEdit[] }[];
}

interface Response {
  readonly seq: number;
  readonly type: string;
  readonly request_seq?: number;
  readonly success?: boolean;
  readonly message?: string;
  readonly body?: unknown;
}

export interface TsServerOptions {
  /** Node options for the tsserver process, before the script (`--import` a preload, `--max-old-space-size`). */
  readonly nodeArguments?: readonly string[];
}

export class TsServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly probe: string;
  private buffer = Buffer.alloc(0);
  private seq = 0;
  private readonly pending = new Map<number, (response: Response) => void>();
  private errorOutput = '';
  readonly logFile: string;

  constructor(options: TsServerOptions = {}) {
    this.probe = mkdtempSync(path.join(tmpdir(), 'agent-contract-tsserver-'));
    mkdirSync(path.join(this.probe, 'node_modules'));
    symlinkSync(repositoryRoot, path.join(this.probe, 'node_modules', 'agent-contract'), 'dir');
    this.logFile = path.join(this.probe, 'tsserver.log');
    this.child = spawn(
      process.execPath,
      [
        ...(options.nodeArguments ?? []),
        tsserverPath,
        '--disableAutomaticTypingAcquisition',
        '--pluginProbeLocations',
        this.probe,
        '--logVerbosity',
        'normal',
        '--logFile',
        this.logFile,
      ],
      { stdio: 'pipe' },
    );
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.errorOutput += chunk.toString('utf8');
    });
  }

  /** What the process wrote to stderr so far (all of it once `close()` resolved). */
  get stderr(): string {
    return this.errorOutput;
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = /^Content-Length: (\d+)\r\n\r\n/.exec(this.buffer.subarray(0, 64).toString('latin1'));
      if (header === null) return;
      const start = (header[0] as string).length;
      const length = Number(header[1]);
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.subarray(start, start + length).toString('utf8')) as Response;
      this.buffer = this.buffer.subarray(start + length);
      if (message.type === 'response' && message.request_seq !== undefined) {
        this.pending.get(message.request_seq)?.(message);
        this.pending.delete(message.request_seq);
      }
    }
  }

  /** Sends a request that tsserver answers; resolves with the body, rejects with tsserver's message. */
  async request<T>(command: string, args: object): Promise<T> {
    this.seq += 1;
    const seq = this.seq;
    const answered = new Promise<Response>((resolve) => this.pending.set(seq, resolve));
    this.child.stdin.write(`${JSON.stringify({ seq, type: 'request', command, arguments: args })}\n`);
    const response = await answered;
    if (response.success !== true) throw new Error(`tsserver ${command}: ${response.message ?? 'failed'}`);
    return response.body as T;
  }

  /** Sends a request tsserver does not answer (`open`, `change`). */
  notify(command: string, args: object): void {
    this.seq += 1;
    this.child.stdin.write(`${JSON.stringify({ seq: this.seq, type: 'request', command, arguments: args })}\n`);
  }

  open(file: string): void {
    this.notify('open', { file });
  }

  semanticDiagnostics(file: string): Promise<ServerDiagnostic[]> {
    return this.request('semanticDiagnosticsSync', { file });
  }

  suggestionDiagnostics(file: string): Promise<ServerDiagnostic[]> {
    return this.request('suggestionDiagnosticsSync', { file });
  }

  codeFixes(file: string, diagnostic: ServerDiagnostic): Promise<CodeFixAction[]> {
    return this.request('getCodeFixes', {
      file,
      startLine: diagnostic.start.line,
      startOffset: diagnostic.start.offset,
      endLine: diagnostic.end.line,
      endOffset: diagnostic.end.offset,
      errorCodes: [diagnostic.code],
    });
  }

  /** Applies a fix's edits as an editor does, through `change` requests, last edit first. */
  applyFix(fix: CodeFixAction): void {
    for (const change of fix.changes) {
      const edits = [...change.textChanges].sort(
        (a, b) => b.start.line - a.start.line || b.start.offset - a.start.offset,
      );
      for (const edit of edits) {
        this.notify('change', {
          file: change.fileName,
          line: edit.start.line,
          offset: edit.start.offset,
          endLine: edit.end.line,
          endOffset: edit.end.offset,
          insertString: edit.newText,
        });
      }
    }
  }

  async close(): Promise<void> {
    // 'close', not 'exit': stderr is read to its end by then.
    const exited = new Promise((resolve) => this.child.once('close', resolve));
    this.notify('exit', {});
    const timer = setTimeout(() => this.child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
    rmSync(this.probe, { recursive: true, force: true });
  }
}

/** Applies tsserver's edits to a text (1-based lines and offsets), last first. */
export function applyEdits(text: string, edits: readonly CodeEdit[]): string {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') lineStarts.push(index + 1);
  const at = (location: Location) => (lineStarts[location.line - 1] as number) + location.offset - 1;
  let result = text;
  for (const edit of [...edits].sort((a, b) => at(b.start) - at(a.start)))
    result = result.slice(0, at(edit.start)) + edit.newText + result.slice(at(edit.end));
  return result;
}
