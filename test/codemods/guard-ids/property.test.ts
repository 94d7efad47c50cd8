import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as mini from 'zod/mini';
import * as z3 from 'zod3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { guardIds, guardIdsTransform, mightMatchGuardIds } from '../../../codemods/guard-ids.ts';
import { guardId } from '../../../src/guard/guard-id.ts';
import { isIdName } from '../../../src/model/ids.ts';

/**
 * Generated schema files, checked against what the codemod promises: the output parses, a second run changes
 * nothing, non-id fields and every comment survive byte for byte, and every rewritten id field (and list of ids),
 * built at run time from its own text, accepts a positive integer while a plain guard publishes the same JSON Schema as before, with
 * the installed zod 4 and zod 3, and for zod 4 fields also with zod 4.0.0 from test/zod-matrix.
 */

/** What the test needs of zod 4.0.0 from the version matrix, so the oldest zod 4 renders the same fields too. */
interface OldZod {
  object(shape: Record<string, unknown>): unknown;
  toJSONSchema(schema: unknown, options: { target: 'draft-7'; io: 'input' }): unknown;
}

let zod400: OldZod | undefined;
beforeAll(async () => {
  const entry = new URL('../../zod-matrix/zod-4.0.0/index.mjs', import.meta.url);
  if (!existsSync(new URL('../../zod-matrix/zod-4.0.0/node_modules/zod/package.json', import.meta.url))) {
    throw new Error('test/zod-matrix/zod-4.0.0 is not installed: run node scripts/install-zod-matrix.mjs');
  }
  zod400 = ((await import(pathToFileURL(entry.pathname).href)) as { zodNs: OldZod }).zodNs;
});

/**
 * Forms whose published bytes differ on zod 4.0.0 wherever the guard goes (measured): `.nullish()`, and
 * `.optional()` followed by `.nullable()`. Everything else must match there too.
 */
function differsOnZod400(text: string): boolean {
  return /\.nullish\(\)/.test(text) || /\.optional\(\)[\s\S]*\.nullable\(\)/.test(text);
}

type Flavour = 'zod4' | 'zod3' | 'mini';
type Kind = 'guard' | 'list' | 'coerce' | 'union' | 'numeric' | 'uuid';
type Container = 'args-object' | 'input-shape' | 'plain-object';

interface FieldSpec {
  readonly key: string;
  readonly kind: Kind;
  /** The schema expression, already laid out (line breaks, comments between links). */
  readonly text: string;
  /** True when a comment sits where a coerce/union rewrite would remove text. */
  readonly commentInRemoval: boolean;
  readonly quoted: boolean;
  readonly leading: string;
  readonly trailing: string;
}

const ID_NAMES = [
  'id',
  'ticketId',
  'ticket_id',
  'customerID',
  'agentIds',
  'project_iid',
  'parentTicketId',
  'replyId',
  'owner_id_',
];
const OTHER_NAMES = ['subject', 'body', 'status', 'valid', 'paid', 'uuid', 'title', 'idea', 'kind', 'ident'];

const MODULES: Record<Flavour, string> = { zod4: 'zod', zod3: 'zod/v3', mini: 'zod/mini' };

let commentCounter = 0;
const comment = (): string => `/* c${(commentCounter += 1)} */`;

/** Separators between chain links: nothing, a line break, or a comment. */
const separator = fc.constantFrom('', '\n      ', ' ', 'comment');
const classicMethods = fc.subarray(
  [
    '.min(1)',
    '.max(64)',
    '.trim()',
    ".describe('The id, as returned by list_x')",
    '.describe("it\'s an id")',
    '.toLowerCase()',
  ],
  { maxLength: 3 },
);
const wrapperMethods = fc.subarray(['.optional()', '.nullable()', '.nullish()', ".describe('after the wrapper')"], {
  maxLength: 2,
});

function layout(links: readonly string[], separators: readonly string[]): string {
  return links
    .map((link, index) => {
      const chosen = index === 0 ? '' : (separators[(index - 1) % Math.max(separators.length, 1)] ?? '');
      return `${chosen === 'comment' ? ` ${comment()} ` : chosen}${link}`;
    })
    .join('');
}

/** One schema expression of a kind, as text, and whether a comment was put inside a part a rewrite removes. */
const expression = (flavour: Flavour, kind: Kind): fc.Arbitrary<{ text: string; commentInRemoval: boolean }> => {
  if (flavour === 'mini') {
    const options: Record<Kind, string[]> = {
      guard: [
        'z.string()',
        'z.string().check(z.minLength(1))',
        'z.optional(z.string())',
        'z.nullable(z.string().check(z.maxLength(64)))',
      ],
      list: [
        'z.array(z.string())',
        'z.optional(z.array(z.string().check(z.minLength(1))))',
        'z.array(z.string()).check(z.minLength(1))',
      ],
      coerce: ['z.coerce.string()', 'z.optional(z.coerce.string())'],
      union: [
        'z.union([z.string(), z.number()])',
        'z.optional(z.union([z.string().check(z.minLength(1)), z.number()]))',
      ],
      numeric: ['z.number()'],
      uuid: ['z.uuid()'],
    };
    return fc.constantFrom(...options[kind]).map((text) => ({ text, commentInRemoval: false }));
  }
  return fc
    .record({
      inner: classicMethods,
      outer: wrapperMethods,
      separators: fc.array(separator, { maxLength: 4 }),
      variant: fc.nat(2),
      removalComment: fc.boolean(),
    })
    .map(({ inner, outer, separators, variant, removalComment }) => {
      switch (kind) {
        case 'guard':
          return { text: layout(['z', '.string()', ...inner, ...outer], separators), commentInRemoval: false };
        case 'list': {
          // A list of ids: `z.array(<string>)` or `<string>.array()`, with methods on the list that keep the bytes.
          const element = layout(['z', '.string()', ...inner], separators);
          const listMethods = [...(variant === 2 ? ['.min(1)'] : []), ...outer];
          return {
            text: `${variant === 0 ? `${element}.array()` : `z.array(${element})`}${listMethods.join('')}`,
            commentInRemoval: false,
          };
        }
        case 'coerce': {
          // A comment inside `z.coerce.string` sits in the callee the rewrite replaces.
          const callee = removalComment && variant === 0 ? `z.coerce ${comment()} .string()` : 'z.coerce.string()';
          return {
            text: layout([callee, ...inner, ...outer], separators),
            commentInRemoval: callee !== 'z.coerce.string()',
          };
        }
        case 'union': {
          const stringMember = layout(['z.string()', ...inner], separators);
          const inRemoval = removalComment ? ` ${comment()}` : '';
          const union =
            variant === 0
              ? `z.union([${stringMember},${inRemoval} z.number()])`
              : variant === 1
                ? `${stringMember}.or(${inRemoval}z.number())`
                : `z.number().int()${inRemoval}.or(${stringMember})`;
          return { text: `${union}${outer.join('')}`, commentInRemoval: removalComment };
        }
        case 'numeric':
          return { text: `z.number().int()${outer.slice(0, 1).join('')}`, commentInRemoval: false };
        case 'uuid':
          return { text: 'z.string().uuid()', commentInRemoval: false };
      }
    });
};

const field = (flavour: Flavour, key: string): fc.Arbitrary<FieldSpec> =>
  fc.constantFrom<Kind>('guard', 'guard', 'list', 'coerce', 'union', 'numeric', 'uuid').chain((kind) =>
    fc
      .record({
        expr: expression(flavour, kind),
        quoted: fc.boolean(),
        leading: fc.constantFrom('', 'comment', 'line'),
        trailing: fc.constantFrom('', 'comment', 'line'),
      })
      .map(({ expr, quoted, leading, trailing }) => ({
        key,
        kind,
        text: expr.text,
        commentInRemoval: expr.commentInRemoval,
        quoted,
        leading:
          leading === 'comment' ? `${comment()}\n  ` : leading === 'line' ? `// l${(commentCounter += 1)}\n  ` : '',
        trailing: trailing === 'comment' ? ` ${comment()}` : trailing === 'line' ? ` // l${(commentCounter += 1)}` : '',
      })),
  );

interface GeneratedFile {
  readonly flavour: Flavour;
  readonly container: Container;
  readonly fields: readonly FieldSpec[];
  readonly source: string;
}

const generatedFile: fc.Arbitrary<GeneratedFile> = fc
  .record({
    flavour: fc.constantFrom<Flavour>('zod4', 'zod3', 'mini'),
    container: fc.constantFrom<Container>('args-object', 'input-shape', 'plain-object'),
    keys: fc.uniqueArray(fc.constantFrom(...ID_NAMES, ...OTHER_NAMES), { minLength: 1, maxLength: 7 }),
    doubleQuotes: fc.boolean(),
    semicolons: fc.boolean(),
  })
  .chain(({ flavour, container, keys, doubleQuotes, semicolons }) =>
    fc.tuple(...keys.map((key) => field(flavour, key))).map((fields) => {
      const quote = doubleQuotes ? '"' : "'";
      const semi = semicolons ? ';' : '';
      const body = fields
        .map(
          (spec) =>
            `  ${spec.leading}${spec.quoted ? `${quote}${spec.key}${quote}` : spec.key}: ${spec.text},${spec.trailing}`,
        )
        .join('\n');
      const declaration =
        container === 'input-shape'
          ? `export const inputShape = {\n${body}\n}${semi}`
          : `export const ${container === 'args-object' ? 'GetThingArgs' : 'ThingSchema'} = z.object({\n${body}\n})${semi}`;
      const importLine =
        flavour === 'mini'
          ? `import * as z from ${quote}zod/mini${quote}${semi}`
          : `import { z } from ${quote}${MODULES[flavour]}${quote}${semi}`;
      return { flavour, container, fields, source: `${importLine} // the schema library\n\n${declaration}\n` };
    }),
  );

/** Property initializer texts by key, from the one object literal of a generated file. */
function fieldTexts(source: string): Map<string, string> {
  const file = ts.createSourceFile('generated.ts', source, ts.ScriptTarget.Latest, true);
  const texts = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.parent.parent !== undefined &&
      (ts.isVariableDeclaration(node.parent.parent) || ts.isCallExpression(node.parent.parent))
    ) {
      const name = node.name;
      if (ts.isIdentifier(name) || ts.isStringLiteral(name)) texts.set(name.text, node.initializer.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function parses(source: string): boolean {
  const file = ts.createSourceFile('generated.ts', source, ts.ScriptTarget.Latest, true);
  return ((file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length === 0;
}

function commentsOf(source: string): string[] {
  return (source.match(/\/\* c\d+ \*\/|\/\/ l\d+|\/\/ the schema library/g) ?? []).sort();
}

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

function build(flavour: Flavour, text: string): Schema {
  const namespace = flavour === 'zod4' ? z4 : flavour === 'zod3' ? z3 : mini;
  return new Function('z', 'guardId', `return (${text});`)(namespace, guardId) as Schema;
}

/** zod-to-json-schema through the one signature used here: its own types, checked against the `zod3` alias, never finish. */
const zod3ToJsonSchema = zodToJsonSchema as unknown as (
  schema: unknown,
  options: { strictUnions: true; pipeStrategy: 'input' },
) => unknown;

function publishedSchema(flavour: Flavour, key: string, schema: Schema): string {
  if (flavour === 'zod3')
    return JSON.stringify(
      zod3ToJsonSchema(z3.object({ [key]: schema as unknown as z3.ZodTypeAny }), {
        strictUnions: true,
        pipeStrategy: 'input',
      }),
    );
  const object =
    flavour === 'zod4'
      ? z4.object({ [key]: schema as unknown as z4.ZodType })
      : mini.object({ [key]: schema as unknown as z4.ZodType });
  return JSON.stringify(z4.toJSONSchema(object, { target: 'draft-7', io: 'input' }));
}

function expectedRewrite(file: GeneratedFile, spec: FieldSpec): boolean {
  if (!isIdName(spec.key)) return false;
  if (spec.kind === 'guard' || spec.kind === 'list') return true;
  if (spec.kind === 'coerce' || spec.kind === 'union')
    return file.container !== 'plain-object' && !spec.commentInRemoval;
  return false;
}

describe('guard-ids on generated schema files', () => {
  it('keeps every promise the codemod makes', () => {
    fc.assert(
      fc.property(generatedFile, (file) => {
        const path = '/project/src/tools/generated.ts';
        const output = guardIdsTransform(file.source, path);
        const anyRewrite = file.fields.some((spec) => expectedRewrite(file, spec));
        expect(output !== undefined).toBe(anyRewrite);
        if (output === undefined) return;
        expect(parses(output)).toBe(true);
        expect(guardIdsTransform(output, path)).toBeUndefined();
        expect(commentsOf(output)).toEqual(commentsOf(file.source));
        expect(mightMatchGuardIds(file.source)).toBe(true);

        const after = fieldTexts(output);
        for (const spec of file.fields) {
          const rewritten = after.get(spec.key);
          if (!expectedRewrite(file, spec)) {
            expect(rewritten, spec.key).toBe(spec.text);
            continue;
          }
          expect(rewritten, spec.key).not.toBe(spec.text);
          const guarded = build(file.flavour, rewritten ?? '');
          const [sent, parsed] = spec.kind === 'list' ? [[47], ['47']] : [47, '47'];
          expect(guarded.safeParse(sent), `${spec.key}: ${rewritten}`).toEqual(
            expect.objectContaining({ success: true, data: parsed }),
          );
          const nullable = /nullable|nullish/.test(spec.text);
          expect(guarded.safeParse(null).success, `${spec.key}: ${rewritten} and null`).toBe(nullable);
          if (spec.kind === 'guard' || spec.kind === 'list') {
            expect(publishedSchema(file.flavour, spec.key, guarded), rewritten).toBe(
              publishedSchema(file.flavour, spec.key, build(file.flavour, spec.text)),
            );
            if (file.flavour === 'zod4' && zod400 !== undefined && !differsOnZod400(spec.text)) {
              const oldZod = zod400;
              const render = (text: string): string => {
                const schema: unknown = new Function('z', 'guardId', `return (${text});`)(oldZod, guardId);
                return JSON.stringify(
                  oldZod.toJSONSchema(oldZod.object({ [spec.key]: schema }), { target: 'draft-7', io: 'input' }),
                );
              };
              expect(render(rewritten ?? ''), `zod 4.0.0: ${rewritten}`).toBe(render(spec.text));
            }
          }
        }
        const notes = guardIds.analyse(file.source, path, {}).notes;
        for (const spec of file.fields) {
          if (spec.commentInRemoval && isIdName(spec.key) && file.container !== 'plain-object') {
            expect(notes.some((note) => note.kind === 'needs-review' && note.message.startsWith(`${spec.key}:`))).toBe(
              true,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never skips a file the analysis would change: mightMatch is a superset of the id names', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$-]{0,20}$/), (name) => {
        if (isIdName(name))
          expect(mightMatchGuardIds(`import { z } from 'zod';\nconst s = { '${name}': z.string() };`), name).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
