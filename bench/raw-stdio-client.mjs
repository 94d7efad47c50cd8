// The least any Node client can do to list a stdio MCP server's tools, for bench:contract's floor line: spawn the
// server, send `initialize`, `notifications/initialized` and `tools/list` as bare JSON-RPC lines, close its stdin once
// the list is in, wait for it to exit and write the list to a file. No SDK, no validation, no normalising.
//   node bench/raw-stdio-client.mjs <out file> <command> [args...]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [out, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
let buffer = '';
child.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (message.id === 1) {
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    } else if (message.id === 2) {
      child.stdin.end();
      child.once('exit', () => writeFileSync(out, JSON.stringify(message.result)));
    }
  }
});
send({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
