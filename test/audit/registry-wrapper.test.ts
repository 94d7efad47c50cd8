import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/registry-wrapper', import.meta.url));

describe('a registry that registers its definitions through a function of the project', () => {
  // `registerWithLogging(server, toolName, toolConfig, handler)` calls `server.registerTool` with its own parameters: it
  // is a registration function, and each of its calls registers a tool. The registry's call reads `tool.name`,
  // `tool.config` and `tool.handler` of definitions that keep registerTool's arguments together,
  // `{ name, config: { inputSchema }, handler }`.
  const { report } = audit(FIXTURE);

  it('finds every definition as a tool, with its input and handler', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_projects typed',
      'get_project typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2, inputsRead: 2, unfollowedSites: 0 });
  });

  it('follows the registration inside the function to the calls of the function', () => {
    expect(report.discovery.sites.map((site) => `${site.file} ${site.via} ${site.tools}`)).toEqual([
      'src/register.ts wrapper 0',
      'src/registry.ts definitions 2',
    ]);
  });

  it('says how the site inside the function was read, without claiming a declaration the project does not have', () => {
    const text = formatAuditText(report, { color: false });
    expect(text).toContain(
      'src/register.ts:12 is inside a registration wrapper (declared in agent-contract.config.json, or a function that registers with its own parameters)',
    );
  });

  it('pairs what the definitions emit with what they accept', () => {
    expect(chainLines(report)).toContain('list_projects [].id -> get_project.project_id: broken');
  });
});
