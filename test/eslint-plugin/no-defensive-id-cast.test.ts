import rule from '../../eslint-plugin/rules/no-defensive-id-cast.ts';
import { runRule } from './rule-tester.ts';

/** One invalid case: a cast around `value` in `code`, and the code with the value passed as it is. */
function cast(code: string, value: string, castText: string, name: string, column: number) {
  return {
    code,
    errors: [
      {
        messageId: 'defensiveCast' as const,
        line: 1,
        column,
        data: { cast: castText, value, name },
        suggestions: [{ messageId: 'passAsIs' as const, data: { value }, output: code.replace(castText, value) }],
      },
    ],
  };
}

runRule('no-defensive-id-cast', rule, {
  valid: [
    'run({ ticketId: ticket.id });',
    'const label = `ticket ${ticket.id}`;',
    'const total = Number(result.total);',
    'const hex = ticket.id.toString(16);',
    'const valid = String(form.valid);',
    // A local String is not the global.
    'function f(String: (v: unknown) => string) { return String(ticket.id); }',
    'const tagged = sql`${ticket.id}`;',
    { code: 'run({ requestId: String(request.requestId) });', options: [{ ignoredNames: ['requestId'] }] },
    // Strings by nature: URL parameters, query strings, environment variables (and consts read from them).
    'const id = parseInt(req.params.mr_iid);',
    'const projectId = req.params.projectId; res.json({ id: parseInt(projectId) || 123 });',
    'const PROJECT_ID = Number(process.env.GITLAB_PROJECT_ID);',
    // Numeric mock data built from a string literal the test wrote itself.
    'const TEST_PROJECT_ID = "123"; res.json({ id: Number(TEST_PROJECT_ID) });',
  ],
  invalid: [
    cast('run({ ticketId: String(ticket.id) });', 'ticket.id', 'String(ticket.id)', 'id', 17),
    cast('run({ ticketId: Number(reply.ticketId) });', 'reply.ticketId', 'Number(reply.ticketId)', 'ticketId', 17),
    cast('run({ ticketId: `${ticket.id}` });', 'ticket.id', '`${ticket.id}`', 'id', 17),
    cast('run({ agentId: agent.agent_id.toString() });', 'agent.agent_id', 'agent.agent_id.toString()', 'agent_id', 16),
    cast('run({ ticketId: +ticket.ticketID });', 'ticket.ticketID', '+ticket.ticketID', 'ticketID', 17),
    cast('run({ ticketId: parseInt(ticketId, 10) });', 'ticketId', 'parseInt(ticketId, 10)', 'ticketId', 17),
    cast('run({ ticketId: Number.parseInt(row.id) });', 'row.id', 'Number.parseInt(row.id)', 'id', 17),
    cast('run({ ticketId: ticket?.id + "" });', 'ticket?.id', 'ticket?.id + ""', 'id', 17),
    cast("run({ ids: [BigInt(res['userId'])] });", "res['userId']", "BigInt(res['userId'])", 'userId', 13),
    // A numeric id constant stringified for a tool input is the phantom consumer itself.
    cast('const TEST_NAMESPACE_ID = 6; run({ namespace_id: String(TEST_NAMESPACE_ID) });', 'TEST_NAMESPACE_ID', 'String(TEST_NAMESPACE_ID)', 'TEST_NAMESPACE_ID', 50),
  ],
});
