import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { handlerReads, type HandlerReads } from '../../../src/adapters/typescript/handler-reads.ts';

/** What the branch for `tool` reads, in a low-level call handler written as `body`. */
function branchReadsOf(body: string, tool = 'get_ticket'): HandlerReads {
  const file = ts.createSourceFile('server.ts', body, ts.ScriptTarget.ES2022, true);
  let branch: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCaseClause(node) && ts.isStringLiteral(node.expression) && node.expression.text === tool) branch = node;
    if (ts.isIfStatement(node) && node.expression.getText(file).includes(`'${tool}'`)) branch = node.thenStatement;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (branch === undefined) throw new Error(`no branch for ${tool}`);
  return handlerReads(branch);
}

const fields = (reads: HandlerReads) => (reads.kind === 'fields' ? [...reads.fields].sort() : reads.reason);

describe('handlerReads on the branch of a low-level call handler', () => {
  it('reads the fields of the const a case clause parses the call arguments into', () => {
    const reads = branchReadsOf(`switch (request.params.name) {
  case 'get_ticket': {
    const args = GetTicketArgs.parse(request.params.arguments);
    return find(args.ticketId, args['verbose']);
  }
}`);
    expect(fields(reads)).toEqual(['ticketId', 'verbose']);
  });

  it('reads the fields destructured from an awaited parse, in an if branch', () => {
    const reads = branchReadsOf(`if (name === 'get_ticket') {
  const { ticketId } = await GetTicketArgs.parseAsync(request.params.arguments);
  return find(ticketId);
}`);
    expect(fields(reads)).toEqual(['ticketId']);
  });

  it('says nothing when the parsed input is passed on whole, or the branch parses nothing', () => {
    expect(
      fields(
        branchReadsOf(`switch (request.params.name) {
  case 'get_ticket': {
    const args = GetTicketArgs.parse(request.params.arguments);
    return find(args);
  }
}`),
      ),
    ).toBe('the handler passes `args` on as a whole');
    expect(
      fields(
        branchReadsOf(`switch (request.params.name) {
  case 'get_ticket':
    return find(request.params.arguments);
}`),
      ),
    ).toBe('its branch does not parse the call arguments into a const');
  });
});
