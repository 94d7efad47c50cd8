import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const project = fileURLToPath(new URL('fixtures/config-by-reference', import.meta.url));

function chains(report: AuditReport): string[] {
  return chainLines(report);
}

describe('registrations whose config is passed by reference', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(project).report;
  });

  it('reads a property of an exported object, an imported const, and a bare registerTool, like inline configs', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style} ${tool.file}:${tool.line}`)).toEqual([
      'list_tickets register-tool src/server.ts:20',
      'get_ticket register-tool src/server.ts:21',
      'whoami register-tool src/server.ts:22',
      'admin_ping register-tool src/server.ts:26',
      'list_agents wrapper src/server.ts:42',
    ]);
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual(['get_ticket.ticketId string src/schemas.ts:6', 'admin_ping.agentId string src/schemas.ts:10']);
    expect(chains(report)).toEqual([
      'list_tickets tickets[].id -> get_ticket.ticketId: broken',
      'get_ticket ticket.id -> get_ticket.ticketId: broken',
      'whoami agentId -> admin_ping.agentId: broken',
      'list_agents agents[].id -> admin_ping.agentId: broken',
    ]);
  });

  it('reports each registration it cannot follow, with file:line and what would let it follow', () => {
    const unfollowed = report.findings.filter((finding) => finding.rule === 'unfollowed-registration');
    expect(unfollowed.map((finding) => `${finding.file}:${finding.line}`)).toEqual(['src/server.ts:35']);
    expect(unfollowed[0]?.message).toBe(
      "the audit cannot follow this registerTool: its config `configFor('listTickets')` is computed at run time, so its tool and chains are missing; write the config as an object literal or a const, or register it through a function of your own and declare that function in agent-contract.config.json",
    );
    expect(report.coverage).toMatchObject({ registrationSites: 7, unfollowedSites: 1, tools: 5 });
    expect(report.discovery.sites.filter((site) => site.via === 'not-followed').map((site) => site.line)).toEqual([35]);
  });

  it('reads a function that registers with its own parameters as the declared entry would, with no declaration', () => {
    // `addAdminTool(toolName, config, run)` calls `server.registerTool(toolName, config, run)`: each call is a tool.
    expect(report.discovery.sites.find((site) => site.line === 39)).toEqual({
      style: 'register-tool',
      file: 'src/server.ts',
      line: 39,
      via: 'wrapper',
      tools: 0,
    });
  });

  it('follows the helper once the suggested entry is declared', () => {
    const declared = audit(project, {
      config: {
        wrappers: [{ callee: 'addAdminTool', name: 0, input: '1.inputSchema', handler: 2 }],
        guardModules: [],
        source: undefined,
      },
    }).report;
    expect(declared.tools.map((tool) => `${tool.name} ${tool.style}`)).toContain('list_agents wrapper');
    expect(chains(declared)).toContain('list_agents agents[].id -> admin_ping.agentId: broken');
    expect(declared.coverage).toMatchObject({ registrationSites: 7, unfollowedSites: 1 });
    expect(declared.discovery.sites.find((site) => site.line === 39)).toEqual({
      style: 'register-tool',
      file: 'src/server.ts',
      line: 39,
      via: 'wrapper',
      tools: 0,
    });
  });
});
