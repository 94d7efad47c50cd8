import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';
import { runCli } from '../support/run-cli.ts';

// The tool-call handler hands the call to a registry's method (`this.registry.execute(name, args)`), which looks the
// definition up in a Map, runs `tool.handler(...)` and returns `{ success: true, data }`; another method renders
// `JSON.stringify(result.data)`. Each definition's handler is read through the methods the handler delegates to.
const FIXTURE = fileURLToPath(new URL('fixtures/delegated-serializer', import.meta.url));

describe('a tool-call handler that delegates running and rendering a definition to methods of a registry', () => {
  const { report } = audit(FIXTURE);

  it("reads each definition's handler through the methods that run it and render its result", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_tickets typed',
      'get_ticket typed',
    ]);
    expect(chainLines(report)).toEqual([
      'list_tickets [].id -> get_ticket.ticket_id: broken',
      'get_ticket id -> get_ticket.ticket_id: broken',
    ]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2 });
  });

  it('exits 1 on the broken chains', async () => {
    expect((await runCli(['audit', '--no-contract', FIXTURE])).code).toBe(1);
  });
});
