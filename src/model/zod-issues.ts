import { ARRAY_ITEM, type PathSegment } from './ids.ts';

/** One issue of a `ZodError`, as its message lists it (zod 3 and zod 4 alike). */
export interface ZodIssueInMessage {
  readonly code: string;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

function isIssue(value: unknown): value is ZodIssueInMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { code, path, message } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    Array.isArray(path) &&
    path.every((segment) => typeof segment === 'string' || typeof segment === 'number')
  );
}

/**
 * The issues of a `ZodError` whose message a server passed on, or undefined when the text is something else. A
 * `ZodError`'s message is its issues as indented JSON (zod 3 and zod 4); a low-level `Server` whose handler runs
 * `Args.parse(request.params.arguments)` answers with it as a JSON-RPC error (`MCP error -32603: [ ... ]`), or as the
 * text of an error result when the handler catches it.
 */
export function zodIssuesIn(text: string): readonly ZodIssueInMessage[] | undefined {
  const start = text.indexOf('[');
  if (start === -1) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isIssue) ? parsed : undefined;
}

/**
 * Whether a `ZodError` message rejects the field at `path` (`ticketId`, `tickets[].id`): an issue lies at the field
 * or below it. Issues elsewhere (another field the call left out) say nothing of this field.
 */
export function zodRejectsFieldAt(text: string, path: readonly PathSegment[]): boolean {
  const issues = zodIssuesIn(text);
  if (issues === undefined) return false;
  return issues.some(
    (issue) =>
      issue.path.length >= path.length &&
      path.every((segment, index) => {
        const at = issue.path[index];
        return segment === ARRAY_ITEM ? typeof at === 'number' : String(at) === segment;
      }),
  );
}
