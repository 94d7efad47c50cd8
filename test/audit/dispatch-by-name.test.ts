import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import type { PublishedSurface } from '../../src/model/published-surface.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/dispatch-by-name', import.meta.url));

const objectOf = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

/** What the fixture publishes, as `contract snapshot` records it. */
const published: PublishedSurface = {
  source: 'mcp-contract.json',
  tools: [
    { name: 'list_boards', inputSchema: objectOf({}) },
    { name: 'archive_board', inputSchema: objectOf({ boardId: { type: 'string' } }) },
    { name: 'get_card', inputSchema: objectOf({ cardId: { type: 'string' } }) },
    { name: 'list_cards', inputSchema: objectOf({}) },
    { name: 'get_board', inputSchema: objectOf({ boardId: { type: 'number' } }) },
  ],
};

describe('handlers kept under the tool name and looked up by it', () => {
  // Every tool is registered by one callback that dispatches by name (`executeToolHandler(client, def.name, args)`
  // running `toolHandlers[toolName]`, or a registration inside a function of the project's whose parameters are the
  // name and the handler) and serializes what comes back. Each handler returns plain data typed by a generic client
  // (`request<T>()`); until the dispatch was read, every one of them emitted unknown types.
  const { report } = audit(FIXTURE, { published });

  it("reads each handler's data through the builder that dispatches to it", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`).sort()).toEqual([
      'archive_board typed',
      'get_board typed',
      'get_card typed',
      'list_boards typed',
      'list_cards typed',
    ]);
    expect(
      report.emitters.map((emitter) => `${emitter.tool} ${emitter.path} ${emitter.types.join('|')}`).sort(),
    ).toEqual([
      'get_board id number',
      'get_card boardId number',
      'get_card id string',
      'list_boards [].id number',
      'list_cards [].boardId number',
      'list_cards [].id string',
    ]);
    expect(report.coverage).toMatchObject({ tools: 5, knownEmitters: 5, registrationSites: 3, unfollowedSites: 0 });
    expect(report.findings.filter((finding) => finding.rule === 'unfollowed-registration')).toEqual([]);
  });

  it('pairs them with the inputs that take them back', () => {
    expect(
      report.chains
        .filter((chain) => chain.status === 'broken')
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`)
        .sort(),
    ).toEqual([
      'get_board id -> archive_board.boardId',
      'get_card boardId -> archive_board.boardId',
      'list_boards [].id -> archive_board.boardId',
      'list_cards [].boardId -> archive_board.boardId',
    ]);
    expect(report.verdict.vouched).toBe(true);
  });

  it('reads, from source alone, the handler-less definitions a loop registers and the tools the wrapped loop names', () => {
    // `{ name, description, schema }` has no handler: it is a tool because the loop's registration reads objects of
    // its shape. The wrapped registration's loop names its tools in a list (`{ name, description }`) and keeps each
    // schema and handler under the name (`cardSchemas[tool.name] ?? {}`, `cardHandlers[tool.name]`): source alone
    // reads the same five tools as the published contract.
    const { report: fromSource } = audit(FIXTURE);
    expect(fromSource.tools.map((tool) => `${tool.name} ${tool.emits}`).sort()).toEqual([
      'archive_board typed',
      'get_board typed',
      'get_card typed',
      'list_boards typed',
      'list_cards typed',
    ]);
    expect(fromSource.coverage).toMatchObject({ tools: 5, knownEmitters: 5, registrationSites: 3, unfollowedSites: 0 });
    expect(fromSource.chains.filter((chain) => chain.status === 'broken').map((chain) => chain.to.field)).toEqual([
      'boardId',
      'boardId',
      'boardId',
      'boardId',
    ]);
    expect(fromSource.verdict.vouched).toBe(true);
  });

  it('reads nothing of a builder for a tool whose handler it does not reach', () => {
    const unknownTool: PublishedSurface = {
      ...published,
      tools: [...published.tools, { name: 'delete_card', inputSchema: objectOf({ cardId: { type: 'string' } }) }],
    };
    const { report: withUnknown } = audit(FIXTURE, { published: unknownTool });
    expect(withUnknown.tools.find((tool) => tool.name === 'delete_card')).toBeUndefined();
    expect(withUnknown.verdict.vouched).toBe(false);
  });
});
