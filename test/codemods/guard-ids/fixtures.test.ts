import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guardIds, guardIdsTransform, type GuardIdsOptions } from '../../../codemods/guard-ids.ts';

/**
 * Each fixture is a real pair of files that type-checks against the installed zod (`npm run typecheck` includes
 * them): `input.*` goes in, `output.*` must come out byte for byte, `notes.txt` lists every note as
 * `line:column kind: message`, and `options.json` (when present) holds the codemod options.
 */
const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

interface Fixture {
  readonly name: string;
  readonly inputPath: string;
  readonly input: string;
  readonly output: string;
  readonly notes: string;
  readonly options: GuardIdsOptions;
}

function loadFixtures(): Fixture[] {
  return readdirSync(fixturesDir).map((name) => {
    const dir = path.join(fixturesDir, name);
    const inputFile = readdirSync(dir).find((file) => file.startsWith('input.'));
    if (inputFile === undefined) throw new Error(`fixture ${name} has no input file`);
    const outputFile = `output${path.extname(inputFile)}`;
    const optionsPath = path.join(dir, 'options.json');
    return {
      name,
      inputPath: path.join(dir, inputFile),
      input: readFileSync(path.join(dir, inputFile), 'utf8'),
      output: readFileSync(path.join(dir, outputFile), 'utf8'),
      notes: readFileSync(path.join(dir, 'notes.txt'), 'utf8'),
      options: existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as GuardIdsOptions) : {},
    };
  });
}

const fixtures = loadFixtures();

describe('guard-ids fixtures', () => {
  it('covers the cases the issue lists', () => {
    expect(fixtures.map((fixture) => fixture.name).sort()).toEqual([
      'aliased-zod',
      'behaviour-changes',
      'comments',
      'existing-import',
      'import-from-helper',
      'plain-objects',
      'quote-and-semicolon-style',
      'sdk-tool-raw-shape',
      'tsx-file',
      'zod-mini',
      'zod3-object-const',
      'zod4-register-tool',
    ]);
  });

  describe.each(fixtures)('$name', (fixture) => {
    it('produces the output file byte for byte', () => {
      expect(guardIdsTransform(fixture.input, fixture.inputPath, fixture.options)).toBe(fixture.output);
    });

    it('reports exactly the notes in notes.txt', () => {
      const { notes } = guardIds.analyse(fixture.input, fixture.inputPath, fixture.options);
      expect(notes.map((note) => `${note.line}:${note.column} ${note.kind}: ${note.message}\n`).join('')).toBe(fixture.notes);
    });

    it('has nothing left to do on its own output', () => {
      expect(guardIdsTransform(fixture.output, fixture.inputPath, fixture.options)).toBeUndefined();
      const second = guardIds.analyse(fixture.output, fixture.inputPath, fixture.options);
      expect(second.edits).toEqual([]);
      expect(second.notes.filter((note) => note.kind === 'behaviour-change')).toEqual([]);
    });
  });
});
