import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { applyDispositions, dispositionsFor, honored, offeredShape, refused, warned } from '../../src/index.ts';

const makeVideoShape = {
  script: z.string().min(1),
  look: z.enum(['plain', 'noir', 'neon']).default('plain'),
  aspect: z.enum(['16:9', '9:16']).default('16:9'),
  voice: z.string().optional(),
  webhook_url: z.string().url().optional(),
};

const makeVideoDispositions = dispositionsFor(makeVideoShape)({
  script: honored,
  look: warned('Looks other than plain are not rendered yet; the video uses plain.', {
    trigger: 'differs-from-default',
  }),
  aspect: honored,
  voice: warned('Custom voices are ignored; the default narrator is used.'),
  webhook_url: refused('Webhooks are not delivered.', {
    instead: 'poll get_run with the run_id until state is succeeded or failed',
  }),
});

describe('dispositionsFor', () => {
  it('keeps the literal table', () => {
    expectTypeOf(makeVideoDispositions.webhook_url.decision).toEqualTypeOf<'refused'>();
    expect(makeVideoDispositions.look).toEqual({
      decision: 'warned',
      message: expect.any(String),
      trigger: 'differs-from-default',
    });
  });

  it('rejects a table that misses a field or names one that does not exist, at compile time', () => {
    // @ts-expect-error: `voice` and `webhook_url` have no decision
    dispositionsFor(makeVideoShape)({ script: honored, look: honored, aspect: honored });
    dispositionsFor(makeVideoShape)({
      script: honored,
      look: honored,
      aspect: honored,
      voice: honored,
      webhook_url: honored,
      // @ts-expect-error: `speed` is not a field of the shape
      speed: honored,
    });
  });

  it('names the missing field in the compiler message', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const fileName = `${root}test/dispositions/virtual-missing-decision.ts`;
    const text = [
      "import { z } from 'zod';",
      "import { dispositionsFor, honored } from '../../src/index.ts';",
      'const shape = { script: z.string(), webhook_url: z.string().optional() };',
      'export const table = dispositionsFor(shape)({ script: honored });',
    ].join('\n');
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, onError) =>
      name === fileName ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, onError);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === fileName || fileExists(name);
    const program = ts.createProgram([fileName], options, host);
    const messages = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(fileName))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Property 'webhook_url' is missing");
  });
});

describe('offeredShape', () => {
  it('is the accepted shape minus refused fields, and publishes no refused field', () => {
    const offered = offeredShape(makeVideoShape, makeVideoDispositions);
    expect(Object.keys(offered)).toEqual(['script', 'look', 'aspect', 'voice']);
    expectTypeOf(offered).not.toHaveProperty('webhook_url');
    const published = z.toJSONSchema(z.object(offered)) as { properties: Record<string, unknown> };
    expect(Object.keys(published.properties)).not.toContain('webhook_url');
    expect(Object.keys(makeVideoShape)).toContain('webhook_url');
  });

  it('throws, naming the field, when a table built without the helper misses one', () => {
    expect(() => offeredShape(makeVideoShape, { script: honored } as never)).toThrow(
      'offeredShape: the field "look" has no disposition',
    );
  });
});

describe('applyDispositions', () => {
  const parse = (input: Record<string, unknown>) => z.object(makeVideoShape).parse(input);

  it('does not warn on the happy path, where defaults are present after parsing', () => {
    expect(applyDispositions(parse({ script: 'Hello' }), makeVideoDispositions, { shape: makeVideoShape })).toEqual({
      ok: true,
      warnings: [],
    });
  });

  it('warns when a differs-from-default field differs, and when a present-trigger field is set', () => {
    const outcome = applyDispositions(parse({ script: 'Hello', look: 'noir', voice: 'Ada' }), makeVideoDispositions, {
      shape: makeVideoShape,
    });
    expect(outcome).toEqual({
      ok: true,
      warnings: [
        { field: 'look', message: 'Looks other than plain are not rendered yet; the video uses plain.' },
        { field: 'voice', message: 'Custom voices are ignored; the default narrator is used.' },
      ],
    });
  });

  it('refuses a set refused field with one structured error naming the field and the alternative', () => {
    const outcome = applyDispositions(
      parse({ script: 'Hello', look: 'neon', webhook_url: 'https://example.com/hook' }),
      makeVideoDispositions,
      {
        shape: makeVideoShape,
      },
    );
    expect(outcome).toEqual({
      ok: false,
      warnings: [{ field: 'look', message: 'Looks other than plain are not rendered yet; the video uses plain.' }],
      refusal: {
        error: 'field_refused',
        retryable: false,
        field: 'webhook_url',
        fields: ['webhook_url'],
        reason: 'Webhooks are not delivered.',
        next_action:
          'Do not retry with `webhook_url`: poll get_run with the run_id until state is succeeded or failed.',
      },
    });
  });

  it('reads defaults from zod 3 shapes too', () => {
    const shape = { quality: z3.enum(['draft', 'final']).default('draft') };
    const table = dispositionsFor(shape)({
      quality: warned('Final quality is not available yet.', { trigger: 'differs-from-default' }),
    });
    expect(applyDispositions({ quality: 'draft' }, table, { shape }).warnings).toEqual([]);
    expect(applyDispositions({ quality: 'final' }, table, { shape }).warnings).toEqual([
      { field: 'quality', message: 'Final quality is not available yet.' },
    ]);
  });

  it('says what is missing when a differs-from-default warning has no default to compare with', () => {
    const table = { look: warned('x', { trigger: 'differs-from-default' }) };
    expect(() => applyDispositions({ look: 'noir' }, table)).toThrow(
      /"look" warns when it differs from its default, but no default is known/,
    );
  });
});
