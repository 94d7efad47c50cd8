import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';
import { runCli } from '../support/run-cli.ts';

// A tsconfig with `allowJs` and no `include` takes in what the build wrote beside the sources (build/server.js): every
// tool is registered twice, and the JavaScript copy, whose handlers return `any`, sorts first.
const FIXTURE = fileURLToPath(new URL('fixtures/built-js-beside', import.meta.url));

describe('a project whose tsconfig takes in its own build output', () => {
  const { report } = audit(FIXTURE);

  it('reads each tool from the TypeScript, not from the JavaScript a build wrote from it', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.file}`)).toEqual([
      'create_ticket src/server.ts',
      'get_ticket src/server.ts',
    ]);
    expect(report.coverage.knownEmitters).toBe(2);
    expect(chainLines(report)).toEqual([
      'create_ticket id -> get_ticket.ticketId: broken',
      'get_ticket id -> get_ticket.ticketId: broken',
    ]);
  });

  it('says which tools were registered again in JavaScript, and how to leave it out', async () => {
    expect(report.discovery.scriptCopies).toEqual({ tools: 2, files: ['build/server.js'] });
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /2 tools are registered again in JavaScript the tsconfig takes in \(\S*build\/server\.js\): read from the TypeScript; leave the build output out of the tsconfig \("exclude"\) to skip it/,
    );
  });

  it('says nothing of it where every tool is registered once', () => {
    const single = audit(fileURLToPath(new URL('fixtures/described-ids', import.meta.url))).report;
    expect(single.discovery.scriptCopies).toBeUndefined();
  });
});
