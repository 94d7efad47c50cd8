import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/configured-schemas', import.meta.url));

describe('a field whose schema a helper picks by configuration', () => {
  // `project: projectParam()`, where the helper returns one of three schemas by how the server is configured: the
  // first case its code checks is read, so the field's description ("Project name or numeric id") says what it takes.
  const { report } = audit(FIXTURE);

  it('reads the field as an acceptor of the id its first case describes', () => {
    expect(
      report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity} ${acceptor.type}`),
    ).toEqual(['list_items.project project string']);
  });

  it('pairs the numeric project ids with it', () => {
    expect(chainLines(report)).toEqual(['list_projects [].id -> list_items.project: broken']);
  });
});
