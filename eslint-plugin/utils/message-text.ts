import { toolLabelOf } from '../../src/model/check-messages.ts';
import type { ToolRegistration } from '../../src/model/tool-registration.ts';

/** `tool `get_ticket`` or `this tool`, as messages name a tool. */
export function toolLabel(tool: ToolRegistration<unknown>): string {
  return toolLabelOf(tool.name);
}

/** Source text cut to a length a one-sentence message can carry. */
export function shortText(text: string, limit = 60): string {
  // A chain broken over lines reads as written on one: `z\n  .string()` -> `z.string()`.
  const oneLine = text.replace(/\s*\n\s*/g, '').replace(/\s+/g, ' ');
  return oneLine.length <= limit ? oneLine : `${oneLine.slice(0, limit - 1)}…`;
}
