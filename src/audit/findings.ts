import type { CastSite, ToolFindingFact } from '../adapters/typescript/index.ts';
import { CHECK_MESSAGES, messageText, toolLabelOf } from '../model/check-messages.ts';
import { joinPhrases } from '../model/coercion.ts';
import { wideIdMessage } from '../model/wide-ids.ts';
import type { SourceSpan } from '../model/source-span.ts';

/**
 * The findings beside the matrix, worded. Each verdict is the shared model's, the one the ESLint rule of the same id
 * makes; the TypeScript adapter reads the facts (`toolFindingFactsOf`, the cast sites) and this module words them.
 */

export type FindingRule =
  | 'no-defensive-id-cast'
  | 'no-unguarded-coerce'
  | 'no-id-union'
  | 'no-guarded-id-in-output'
  | 'no-effects-on-tool-schema'
  | 'unread-input-field'
  /** A field the tool's disposition table refuses, published all the same: agents see a field that is always refused. */
  | 'published-refused-field'
  /** A registration call the discovery recognises but cannot follow; the message names the configuration entry to add. */
  | 'unfollowed-registration'
  /** An id field built on a 64-bit integer (`z.bigint()`, `z.int64()`): as a JSON number it loses digits beyond 2^53. */
  | 'no-wide-integer-id';

export interface RawFinding {
  readonly rule: FindingRule;
  readonly at: SourceSpan;
  readonly message: string;
  readonly tool?: string;
  /** For a finding on one published input field: its key. */
  readonly field?: string;
}

/** The findings on one tool's schemas and handler. */
export function toolFindings(facts: readonly ToolFindingFact[]): RawFinding[] {
  return facts.map((fact): RawFinding => {
    const { rule, at, tool } = fact;
    switch (fact.rule) {
      case 'no-unguarded-coerce': {
        const { key, target, surprises } = fact;
        return {
          rule,
          at,
          tool,
          message: `\`${key}\` of tool \`${tool}\` is \`z.coerce.${target}()\`: ${joinPhrases(surprises)}, and the published schema does not show it. ${
            target === 'string'
              ? 'Use guardId(z.string()) to accept numeric ids only.'
              : 'Use a preprocess that converts only what you mean to accept.'
          }`,
        };
      }
      case 'no-wide-integer-id':
        return { rule, at, tool, message: wideIdMessage(fact.key, tool, fact.text, fact.side) };
      case 'no-id-union':
        return {
          rule,
          at,
          tool,
          message:
            fact.through === undefined
              ? messageText(CHECK_MESSAGES['no-id-union'].idUnion, { name: fact.key })
              : messageText(CHECK_MESSAGES['no-id-union'].idUnionThrough, { name: fact.key, union: fact.through }),
        };
      case 'no-guarded-id-in-output': {
        // guardId lets a number through a string schema; guardNumberId a decimal string through a number schema.
        const [letThrough, published] = fact.numberGuard
          ? ['a string', 'number type']
          : ['a number', '{"type":"string"}'];
        return {
          rule,
          at,
          tool,
          message: `\`${fact.text}\` in the output schema of tool \`${tool}\` lets ${letThrough} through the server's check, but clients validate structuredContent against the published ${published} and reject it. Declare what the tool really emits.`,
        };
      }
      case 'no-effects-on-tool-schema': {
        const { effect, major } = fact;
        return {
          rule,
          at,
          tool,
          message: messageText(
            CHECK_MESSAGES['no-effects-on-tool-schema'][fact.role === 'input' ? 'emptiedInput' : 'droppedOutput'],
            {
              major,
              effect,
              tool: toolLabelOf(tool),
            },
          ),
        };
      }
      default:
        return { rule, at, tool, field: fact.field, message: fact.message };
    }
  });
}

/** The audit's finding for each defensive id cast the TypeScript reader found in a test file. */
export function defensiveCastFindings(sites: readonly CastSite[]): RawFinding[] {
  return sites.map((site) => ({
    rule: 'no-defensive-id-cast',
    at: site,
    message: `\`${site.text}\` types what a careful human would, not what an agent sends: pass \`${site.value}\` as it is, so this test fails while an acceptor still rejects the raw \`${site.idName}\`.`,
  }));
}
