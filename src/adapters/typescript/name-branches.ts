import ts from 'typescript';

/**
 * Branches on a tool's name (`case 'get_inbox':`, `if (name === 'get_inbox')`) are not all the tool's handler: a module
 * may check each call by name before it runs (`switch (toolName) { case 'get_inbox': return checkInbox(args) }`) or
 * write hints after it. The one that answers the call is in a function that returns a tool result (`{ content }`).
 */
export function answersToolCall(branch: ts.Node, checker: ts.TypeChecker): boolean {
  let fn: ts.Node | undefined = branch.parent;
  while (fn !== undefined && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (fn === undefined) return false;
  const signature = checker.getSignatureFromDeclaration(fn as ts.SignatureDeclaration);
  if (signature === undefined) return false;
  const returned = signature.getReturnType();
  const type = checker.getAwaitedType(returned) ?? returned;
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => member.getProperty('content') !== undefined);
}

/** Of the branches on one tool name, in the order found: the first that answers the call, else the first. */
export function branchAnsweringCall<T extends ts.Node>(branches: readonly T[], checker: ts.TypeChecker): T | undefined {
  return branches.find((branch) => answersToolCall(branch, checker)) ?? branches[0];
}

/**
 * The clause whose statements a `case` runs: its own, or, for an empty clause (`case 'get_report': case
 * 'get_user_report': ...`), those of the first clause after it that has some, which it falls through to.
 */
export function clauseRun(clause: ts.CaseClause): ts.CaseOrDefaultClause {
  if (clause.statements.length > 0) return clause;
  const clauses = clause.parent.clauses;
  const at = clauses.indexOf(clause);
  return clauses.slice(at).find((next) => next.statements.length > 0) ?? clause;
}
