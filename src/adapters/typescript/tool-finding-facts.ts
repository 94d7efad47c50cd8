import { coercionSurprises } from '../../model/coercion.ts';
import { idAcceptorVerdict } from '../../model/id-acceptor.ts';
import { isIdName } from '../../model/ids.ts';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import { wideIntegerFactoryOf } from '../../model/wide-ids.ts';
import { guardedSchemasIn } from '../../model/schema-fields.ts';
import { effectVerdictOf, meaningOf } from '../../model/schema-meaning.ts';
import type { SourceSpan } from '../../model/source-span.ts';
import type ts from 'typescript';
import { installedZodMajor } from '../packages/installed-zod.ts';
import type { ToolInput } from './acceptors.ts';
import type { DiscoveredTool } from './discover-tools.ts';
import { publishedFieldFindingsOf, type DispositionTables } from './published-fields.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import { spanOf } from './source-spans.ts';
import { shortText } from './unwrap.ts';

/**
 * What the lint rules' verdicts find on one tool's schemas and handler, as plain facts: each verdict is the shared
 * model's (`coercionSurprises`, `idAcceptorVerdict`, `guardedSchemasIn`, `effectVerdictOf`, the published-field
 * reads); the audit words them.
 */
export type ToolFindingFact =
  | {
      readonly rule: 'no-unguarded-coerce';
      readonly at: SourceSpan;
      readonly tool: string;
      readonly key: string;
      readonly target: string;
      readonly surprises: readonly string[];
    }
  | {
      readonly rule: 'no-id-union';
      readonly at: SourceSpan;
      readonly tool: string;
      /** The field's key, or the name of the const a union is written in. */
      readonly key: string;
      /** The const the field's value names (`ticketId: AnyId`), when it names one. */
      readonly through?: string;
    }
  | {
      readonly rule: 'no-guarded-id-in-output';
      readonly at: SourceSpan;
      readonly tool: string;
      /** The guarded schema as written, cut to 50 characters. */
      readonly text: string;
      /** `guardNumberId` (a number schema that lets a string through) rather than `guardId`. */
      readonly numberGuard: boolean;
    }
  | {
      readonly rule: 'no-effects-on-tool-schema';
      readonly at: SourceSpan;
      readonly tool: string;
      readonly role: 'input' | 'output';
      readonly effect: string;
      readonly major: string;
    }
  | {
      readonly rule: 'no-wide-integer-id';
      readonly at: SourceSpan;
      readonly tool: string;
      readonly key: string;
      /** The schema as written, cut to 40 characters. */
      readonly text: string;
      readonly side: 'input' | 'output';
    }
  | {
      readonly rule: 'unread-input-field' | 'published-refused-field';
      readonly at: SourceSpan;
      readonly tool: string;
      readonly field: string;
      readonly message: string;
    };

/**
 * The union consts named as ids (`const AnyId = z.union([z.string(), z.number()])`) that tools' input fields name, each
 * once, where it is written: the rule's doc reports such a const as well as the fields that name it.
 */
export function idUnionConstFactsOf(
  tools: readonly { readonly tool: DiscoveredTool; readonly input: ToolInput }[],
): ToolFindingFact[] {
  const facts = new Map<string, ToolFindingFact>();
  for (const { tool, input } of tools) {
    for (const field of input.fields) {
      if (field.through === undefined || idAcceptorVerdict(field.through, field.meaning) !== 'union') continue;
      const at = spanOf(field.value.node);
      const key = `${at.file}\u0000${at.start}`;
      if (!facts.has(key)) facts.set(key, { rule: 'no-id-union', at, tool: tool.name, key: field.through });
    }
  }
  return [...facts.values()];
}

export function toolFindingFactsOf(
  tool: DiscoveredTool,
  input: ToolInput,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
  tables: DispositionTables,
): ToolFindingFact[] {
  const facts: ToolFindingFact[] = [];
  for (const field of input.fields) {
    if (field.meaning.accepts === 'coerced') {
      const target = field.meaning.coerceTarget ?? 'string';
      const methods = field.value.kind === 'zod' ? field.value.methods : [];
      const surprises = coercionSurprises(target, field.meaning, methods);
      if (surprises !== undefined && surprises.length > 0)
        facts.push({
          rule: 'no-unguarded-coerce',
          at: spanOf(field.node),
          tool: tool.name,
          key: field.key,
          target,
          surprises,
        });
    }
    if (idAcceptorVerdict(field.key, field.meaning) === 'union') {
      facts.push({
        rule: 'no-id-union',
        at: spanOf(field.node),
        tool: tool.name,
        key: field.key,
        ...(field.through === undefined ? {} : { through: field.through }),
      });
    }
  }
  facts.push(...wideIdFacts(tool, input, resolver));
  if (tool.output !== undefined) {
    for (const guarded of guardedSchemasIn(tool.output, resolver.resolve)) {
      facts.push({
        rule: 'no-guarded-id-in-output',
        at: spanOf(guarded.node),
        tool: tool.name,
        text: shortText(guarded.node, 50),
        numberGuard: meaningOf(guarded).accepts === 'guarded-number',
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
      facts.push({
        rule: 'no-effects-on-tool-schema',
        at: spanOf(effect.node),
        tool: tool.name,
        role,
        effect: effect.name,
        major,
      });
      break;
    }
  }
  for (const field of publishedFieldFindingsOf(tool, input, tables, checker)) {
    facts.push({
      rule: field.kind === 'unread' ? 'unread-input-field' : 'published-refused-field',
      at: spanOf(field.node),
      tool: tool.name,
      field: field.field,
      message: field.message,
    });
  }
  return facts;
}

/** Id fields built on a 64-bit integer (`z.bigint()`, `z.int64()`), in the input and at the top of the output. */
function wideIdFacts(tool: DiscoveredTool, input: ToolInput, resolver: SchemaResolver): ToolFindingFact[] {
  const fields: { key: string; value: SchemaExpr<ts.Node>; side: 'input' | 'output' }[] = input.fields.map((field) => ({
    key: field.key,
    value: field.value,
    side: 'input',
  }));
  const output = tool.output === undefined ? undefined : meaningOf(resolver.resolve(tool.output));
  for (const property of output?.shape?.properties ?? [])
    if (property.key !== undefined) fields.push({ key: property.key, value: property.value, side: 'output' });
  return fields.flatMap(({ key, value, side }): ToolFindingFact[] => {
    const schema = resolver.resolve(value);
    if (!isIdName(key) || wideIntegerFactoryOf(schema) === undefined) return [];
    return [
      {
        rule: 'no-wide-integer-id',
        at: spanOf(schema.node),
        tool: tool.name,
        key,
        text: shortText(schema.node, 40),
        side,
      },
    ];
  });
}
