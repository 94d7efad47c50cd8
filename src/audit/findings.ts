import ts from 'typescript';
import { shortText } from '../adapters/typescript/unwrap.ts';
import type { CastSite } from '../adapters/typescript/defensive-casts.ts';
import type { SourceSpan } from '../model/source-span.ts';
import { coercionSurprises, joinPhrases } from '../model/coercion.ts';
import { publishedFieldFindingsOf, type DispositionTables } from '../adapters/typescript/published-fields.ts';
import { idAcceptorVerdict } from '../model/id-acceptor.ts';
import { installedZodMajor } from '../adapters/packages/installed-zod.ts';
import { guardedSchemasIn } from '../model/schema-fields.ts';
import { effectVerdictOf, meaningOf } from '../model/schema-meaning.ts';
import type { ToolInput } from '../adapters/typescript/acceptors.ts';
import type { DiscoveredTool } from '../adapters/typescript/discover-tools.ts';
import type { SchemaResolver } from '../adapters/typescript/resolve-schema.ts';

/**
 * The findings beside the matrix. Each verdict is the shared model's, the one the ESLint rule of the same id makes
 * (`meaningOf`, `idAcceptorVerdict`, `guardedSchemasIn`, `effectEmptiesContract`, `coercionSurprises`, the cast
 * tables of `defensive-cast.ts`, `publishedFieldFindingsOf`); only the walk over a whole program is the audit's.
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
  | 'unfollowed-registration';

export interface RawFinding {
  readonly rule: FindingRule;
  /** A node of the program, or a span an adapter read. */
  readonly node: ts.Node | SourceSpan;
  readonly message: string;
  readonly tool?: string;
  /** For a finding on one published input field: its key. */
  readonly field?: string;
}

/** The findings on one tool's schemas and handler. */
export function toolFindings(
  tool: DiscoveredTool,
  input: ToolInput,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
  tables: DispositionTables,
): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const field of input.fields) {
    if (field.meaning.accepts === 'coerced') {
      const target = field.meaning.coerceTarget ?? 'string';
      const methods = field.value.kind === 'zod' ? field.value.methods : [];
      const surprises = coercionSurprises(target, field.meaning, methods);
      if (surprises !== undefined && surprises.length > 0) {
        findings.push({
          rule: 'no-unguarded-coerce',
          node: field.node,
          tool: tool.name,
          message: `\`${field.key}\` of tool \`${tool.name}\` is \`z.coerce.${target}()\`: ${joinPhrases(surprises)}, and the published schema does not show it. ${
            target === 'string'
              ? 'Use guardId(z.string()) to accept numeric ids only.'
              : 'Use a preprocess that converts only what you mean to accept.'
          }`,
        });
      }
    }
    if (idAcceptorVerdict(field.key, field.meaning) === 'union') {
      findings.push({
        rule: 'no-id-union',
        node: field.node,
        tool: tool.name,
        message: `\`${field.key}\` of tool \`${tool.name}\` accepts a string or a number: the published schema stops being {"type":"string"} and the handler receives numbers. Use guardId(z.string()) instead.`,
      });
    }
  }
  if (tool.output !== undefined) {
    for (const guarded of guardedSchemasIn(tool.output, resolver.resolve)) {
      // guardId lets a number through a string schema; guardNumberId a decimal string through a number schema.
      const [letThrough, published] =
        meaningOf(guarded).accepts === 'guarded-number'
          ? ['a string', 'number type']
          : ['a number', '{"type":"string"}'];
      findings.push({
        rule: 'no-guarded-id-in-output',
        node: guarded.node,
        tool: tool.name,
        message: `\`${shortText(guarded.node, 50)}\` in the output schema of tool \`${tool.name}\` lets ${letThrough} through the server's check, but clients validate structuredContent against the published ${published} and reject it. Declare what the tool really emits.`,
      });
    }
  }
  for (const [role, schema] of [
    ['input', tool.input],
    ['output', tool.output],
  ] as const) {
    // A server that renders its own JSON Schema (zodToJsonSchema) publishes what that renderer makes of an effect.
    if (schema === undefined || (role === 'input' && tool.rendered === true)) continue;
    const meaning = meaningOf(resolver.resolve(schema));
    if (meaning.accepts !== 'object') continue;
    for (const effect of meaning.objectEffects) {
      const { empties, major } = effectVerdictOf(effect.name, meaning.module?.major, () =>
        installedZodMajor(effect.node.getSourceFile().fileName),
      );
      if (!empties) continue;
      findings.push({
        rule: 'no-effects-on-tool-schema',
        node: effect.node,
        tool: tool.name,
        message:
          role === 'input'
            ? `\`.${effect.name}()\` on the input schema of tool \`${tool.name}\`: under zod ${major} the SDK publishes {"type":"object","properties":{}}, so agents see a tool without parameters. Keep the raw shape as inputSchema and check inside the handler.`
            : `\`.${effect.name}()\` on the output schema of tool \`${tool.name}\`: under zod ${major} the SDK lists the tool without an output schema and every call errors. Keep the raw shape as outputSchema.`,
      });
      break;
    }
  }
  for (const field of publishedFieldFindingsOf(tool, input, tables, checker)) {
    findings.push({
      rule: field.kind === 'unread' ? 'unread-input-field' : 'published-refused-field',
      node: field.node,
      tool: tool.name,
      field: field.field,
      message: field.message,
    });
  }
  return findings;
}

/** The audit's finding for each defensive id cast the TypeScript reader found in a test file. */
export function defensiveCastFindings(sites: readonly CastSite[]): RawFinding[] {
  return sites.map((site) => ({
    rule: 'no-defensive-id-cast',
    node: site,
    message: `\`${site.text}\` types what a careful human would, not what an agent sends: pass \`${site.value}\` as it is, so this test fails while an acceptor still rejects the raw \`${site.idName}\`.`,
  }));
}
