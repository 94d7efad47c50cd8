import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ChildProcessTransport, StdoutNoiseError, stdoutNoiseWarning } from '../../src/transport/child-transport.ts';
import type { StdioServer } from '../../src/transport/server-process.ts';

/** A server the test drives by hand: `write` is what it prints on stdout, `end` makes it exit. */
function fakeServer() {
  const stdin = new PassThrough();
  let reader: ((chunk: Buffer) => void) | undefined;
  const early: Buffer[] = [];
  let exit: () => void = () => undefined;
  const stops: number[] = [];
  let running = true;
  const ended = new Promise<void>((resolve) => {
    exit = () => {
      running = false;
      resolve();
    };
  });
  const server: StdioServer = {
    stdin,
    readStdout(read) {
      reader = read;
      for (const chunk of early.splice(0)) read(chunk);
    },
    get running() {
      return running;
    },
    ended,
    stop: async (graceMs) => {
      stops.push(graceMs);
      exit();
    },
  };
  const write = (text: string) => {
    const chunk = Buffer.from(text, 'utf8');
    if (reader === undefined) early.push(chunk);
    else reader(chunk);
  };
  const sent = () => stdin.read()?.toString('utf8') ?? '';
  return { server, write, end: () => exit(), stops, sent };
}

function started(server: StdioServer, closeGraceMs = 500) {
  const transport = new ChildProcessTransport(server, closeGraceMs);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closed = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => (closed += 1);
  return { transport, messages, errors, closed: () => closed, start: () => transport.start() };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe('ChildProcessTransport', () => {
  it('frames newline-delimited messages: one split across chunks, several in one chunk, a CRLF ending', async () => {
    const fake = fakeServer();
    const client = started(fake.server);
    await client.start();
    const [head, tail] = [ping(1).slice(0, 10), ping(1).slice(10)];
    fake.write(head);
    expect(client.messages).toEqual([]);
    fake.write(`${tail}\n${ping(2)}\n${ping(3)}\r\n${ping(4).slice(0, 5)}`);
    expect(client.messages.map((message) => (message as { id: number }).id)).toEqual([1, 2, 3]);
    fake.write(`${ping(4).slice(5)}\n`);
    expect(client.messages.map((message) => (message as { id: number }).id)).toEqual([1, 2, 3, 4]);
    expect(client.errors).toEqual([]);
  });

  it('delivers what the server wrote before start()', async () => {
    const fake = fakeServer();
    fake.write(`${ping(1)}\n${ping(2)}\n`);
    const client = started(fake.server);
    expect(client.messages).toEqual([]);
    await client.start();
    expect(client.messages).toEqual([JSON.parse(ping(1)), JSON.parse(ping(2))]);
  });

  it('reports lines that are not JSON-RPC messages and goes on with the next line', async () => {
    const fake = fakeServer();
    const client = started(fake.server);
    await client.start();
    fake.write(`Server running on stdio\n{"level":30,"msg":"ready"}\n${ping(7)}\n`);
    expect(client.messages).toEqual([JSON.parse(ping(7))]);
    expect(
      client.errors.map((error) => [error instanceof StdoutNoiseError, (error as StdoutNoiseError).detail]),
    ).toEqual([
      [true, expect.stringMatching(/^Unexpected token 'S', "Server run"\.\.\. is not valid JSON$/) as unknown],
      [true, 'valid JSON, but not a JSON-RPC message'],
    ]);
    expect(client.errors[0]?.message).toMatch(
      /^the server wrote a line to stdout that is not a JSON-RPC message \(.+\); stdout carries MCP only, log to stderr$/,
    );
  });

  it('keeps the text of each such line, also one split across chunks, and cuts a long one', async () => {
    const fake = fakeServer();
    const client = started(fake.server);
    await client.start();
    fake.write('\n> user-server@1.0.0 st');
    fake.write(`art\r\n${ping(1).slice(0, 8)}`);
    fake.write(`${ping(1).slice(8)}\n${'x'.repeat(500)}\n${ping(2)}\n`);
    expect(client.messages.map((message) => (message as { id: number }).id)).toEqual([1, 2]);
    expect(client.errors.map((error) => (error as StdoutNoiseError).line)).toEqual([
      '',
      '> user-server@1.0.0 start',
      'x'.repeat(200),
    ]);
  });

  it("names the line and the fix in the warning: npm start --silent for npm's banner, stderr for a log line", () => {
    expect(stdoutNoiseWarning('> user-server@1.0.0 start')).toBe(
      'agent-contract: warning: the server wrote to stdout a line that is not MCP, "> user-server@1.0.0 start"; stdout carries the protocol only, so a client may fail on it; npm printed its script banner there: start the server with node directly (-- node <server file>) or with npm start --silent',
    );
    expect(stdoutNoiseWarning('Server running on stdio')).toMatch(
      /, "Server running on stdio"; stdout carries the protocol only, so a client may fail on it; log to stderr \(console\.error\), and if a script runner printed it, start the server with node directly/,
    );
  });

  it('sends each message as one line of JSON, and refuses to once the server has ended', async () => {
    const fake = fakeServer();
    const client = started(fake.server);
    await client.start();
    await client.transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await client.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(fake.sent()).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    );
    fake.end();
    await expect(client.transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' })).rejects.toThrow('Not connected');
  });

  it('calls onclose once when the server ends, and close() stops it with the grace it was given', async () => {
    const fake = fakeServer();
    const client = started(fake.server, 250);
    await client.start();
    await client.transport.close();
    await fake.server.ended;
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.stops).toEqual([250]);
    expect(client.closed()).toBe(1);
  });

  it('starts once', async () => {
    const client = started(fakeServer().server);
    await client.start();
    await expect(client.start()).rejects.toThrow(/already started/);
  });
});
