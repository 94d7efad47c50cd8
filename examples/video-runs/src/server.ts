import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { offeredShape, toolResult } from '../../../src/index.ts';
import { RunStore } from './runs.ts';
import { getRun, getRunShape, makeVideo, makeVideoDispositions, makeVideoShape } from './tools.ts';

/** The MCP surface: make_video is offered its accepted shape minus refused fields, so no published field answers with an error. */
export function createVideoServer(store: RunStore = new RunStore()): McpServer {
  const server = new McpServer({ name: 'video-runs', version: '1.0.0' });
  server.registerTool(
    'make_video',
    {
      description:
        'Start rendering a presenter video from a script. Returns a run_id at once; poll get_run until state is succeeded or failed.',
      inputSchema: offeredShape(makeVideoShape, makeVideoDispositions),
    },
    (args) => toolResult(makeVideo(store, z.object(makeVideoShape).parse(args))),
  );
  server.registerTool(
    'get_run',
    {
      description: 'Read a run started by make_video. While it renders, the answer says when to poll again.',
      inputSchema: getRunShape,
    },
    ({ run_id }) => toolResult(getRun(store, run_id)),
  );
  return server;
}
