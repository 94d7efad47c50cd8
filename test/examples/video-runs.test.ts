import { afterEach, describe, expect, it } from 'vitest';
import { connectInMemory, connectStdio, exampleForSchema, type Connection } from '../../src/testing/index.ts';
import { RunStore } from '../../examples/video-runs/src/runs.ts';
import { postVideo } from '../../examples/video-runs/src/rest.ts';
import { createVideoServer } from '../../examples/video-runs/src/server.ts';

interface Body {
  status: string;
  run_id?: string;
  state?: string;
  video_url?: string | null;
  warnings: { field: string; message: string }[];
  next_action: string;
  retryable?: boolean;
  error?: string;
}

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function connect(store = new RunStore()): Promise<Connection> {
  connection = await connectInMemory(createVideoServer(store));
  return connection;
}

async function call(
  client: Connection['client'],
  name: string,
  args: Record<string, unknown>,
): Promise<{ body: Body; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as { type: string; text: string }[];
  return { body: JSON.parse(first?.text ?? 'null') as Body, isError: result.isError === true };
}

/** An agent that does what the body says: poll the tool named in next_action with the run id it names. */
async function followUntilDone(client: Connection['client'], start: Body): Promise<Body[]> {
  const seen = [start];
  let body = start;
  while (body.status === 'IN_PROGRESS') {
    const instruction = /Call (\w+) with (\w+)=(\S+) again/.exec(body.next_action);
    expect(instruction).not.toBeNull();
    const [, tool, argument, value] = instruction as RegExpExecArray;
    body = (await call(client, tool as string, { [argument as string]: value })).body;
    seen.push(body);
    expect(seen.length).toBeLessThan(10);
  }
  return seen;
}

describe('video-runs as an agent sees it', () => {
  it('offers no refused field in tools/list', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const makeVideo = tools.find((tool) => tool.name === 'make_video');
    expect(Object.keys(makeVideo?.inputSchema.properties ?? {})).toEqual(['script', 'aspect', 'look']);
    expect(JSON.stringify(tools)).not.toContain('webhook_url');
  });

  it('answers no offered field with an error, for every value the schema offers', async () => {
    const { client } = await connect(new RunStore(1_000));
    const { tools } = await client.listTools();
    for (const tool of tools.filter((candidate) => candidate.name === 'make_video')) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: unknown[] }>;
      for (const [field, schema] of Object.entries(properties)) {
        for (const value of schema.enum ?? [exampleForSchema(schema)]) {
          const { body, isError } = await call(client, tool.name, { script: 'Hello there', [field]: value });
          expect({ field, value, isError, status: body.status }).toEqual({
            field,
            value,
            isError: false,
            status: 'IN_PROGRESS',
          });
        }
      }
    }
  });

  it('returns a run id at once and tells the agent exactly how to poll until the video exists', async () => {
    const { client } = await connect();
    const { body } = await call(client, 'make_video', { script: 'Welcome to the quarterly update.' });
    expect(body).toEqual({
      status: 'IN_PROGRESS',
      run_id: 'run_1',
      state: 'queued',
      video_url: null,
      warnings: [],
      next_action:
        "Video is NOT ready. Call get_run with run_id=run_1 again in ~5 seconds. Repeat until state is 'succeeded' or 'failed'. Do NOT tell the user the video is done until you have a video_url.",
    });
    const seen = await followUntilDone(client, body);
    expect(seen.map((step) => step.state)).toEqual(['queued', 'rendering', 'rendering', 'succeeded']);
    expect(seen.at(-1)).toMatchObject({
      status: 'SUCCEEDED',
      video_url: 'https://videos.example.com/run_1.mp4',
      warnings: [],
    });
  });

  it('warns about a look it cannot honour, in every branch of the run', async () => {
    const { client } = await connect();
    const { body } = await call(client, 'make_video', { script: 'Hello', look: 'neon' });
    const warning = { field: 'look', message: 'Only the plain look is rendered for now; this video uses plain.' };
    const seen = await followUntilDone(client, body);
    expect(seen.map((step) => step.warnings)).toEqual(seen.map(() => [warning]));
    expect(seen.at(-1)?.next_action).toBe(
      'The video is ready at video_url. Give the user the link and tell them about the warnings.',
    );
  });

  it('says stop and tell the human, with the numbers, when credits run out', async () => {
    const { client } = await connect(new RunStore(1));
    const { body, isError } = await call(client, 'make_video', { script: 'x'.repeat(250), look: 'studio' });
    expect(isError).toBe(true);
    expect(body).toMatchObject({
      status: 'FAILED',
      error: 'insufficient_credits',
      retryable: false,
      required: 3,
      available: 1,
      next_action:
        'Stop and tell the user: this needs 3 credits and the account has 1. Do not retry until they have added credits.',
      warnings: [{ field: 'look', message: 'Only the plain look is rendered for now; this video uses plain.' }],
    });
  });

  it('serves the same contract over stdio', async () => {
    connection = await connectStdio({ command: 'node', args: ['dist/examples/video-runs/src/main.js'] });
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['make_video', 'get_run']);
    const { body } = await call(connection.client, 'make_video', { script: 'Over stdio' });
    expect(body.next_action).toContain('Call get_run with run_id=run_1 again in ~5 seconds');
  });
});

describe('video-runs REST route, for integrators who read docs', () => {
  it('accepts the whole shape and refuses webhook_url with one structured error; nothing else runs', () => {
    const store = new RunStore(5);
    const response = postVideo(store, { script: 'Hello', webhook_url: 'https://example.com/hook' });
    expect(response).toEqual({
      status: 400,
      body: {
        status: 'FAILED',
        error: 'field_refused',
        message: 'Webhooks are not delivered yet.',
        retryable: false,
        field: 'webhook_url',
        fields: ['webhook_url'],
        next_action:
          'Do not retry with `webhook_url`: poll get_run with the run_id every ~5 seconds until state is succeeded or failed.',
        warnings: [],
      },
    });
    expect(store.credits).toBe(5);
    expect(postVideo(store, { script: 'Hello' }).status).toBe(202);
  });
});
