import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/bound-registrar', import.meta.url));

describe("the SDK's registerTool bound under a name of its own, inside a method that registers with its parameters", () => {
  // `const registerToolUntyped = server.registerTool.bind(server) as (...) => void`, called with `meta.name`, a local
  // holding the schema parameter, and a callback that serializes what the handler parameter returns.
  const { report } = audit(FIXTURE);

  it('reads each call of the method as a tool: its name, its schema and what its handler returns', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_stations typed',
      'get_station typed',
    ]);
    expect(chainLines(report)).toEqual([
      'list_stations [].id -> get_station.stationId: broken',
      'get_station id -> get_station.stationId: broken',
    ]);
  });

  it('follows every registration site, so the verdict vouches', () => {
    expect(report.coverage).toMatchObject({ unfollowedSites: 0, tools: 2 });
    expect(report.verdict).toMatchObject({ vouched: true, text: '2 broken chains of 2.' });
  });
});
