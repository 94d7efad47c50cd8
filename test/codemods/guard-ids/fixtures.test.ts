import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guardIds, guardIdsTransform, type GuardIdsOptions } from '../../../codemods/guard-ids.ts';
import { openProject } from '../../../codemods/runner/project.ts';

/**
 * Each fixture is a real pair of files that type-checks against the installed zod (`npm run typecheck` includes
 * them): `input.*` goes in, `output.*` must come out byte for byte, `notes.txt` lists every note as
 * `line:column kind: message`, and `options.json` (when present) holds the codemod options. Every other `.ts` file of
 * a fixture is the rest of its project (`tools.ts` registering the schemas of `input.ts`): the options come from
 * `withProject` over it, as the runner computes them.
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

async function loadFixtures(): Promise<Fixture[]> {
  const loaded = readdirSync(fixturesDir).map(async (name) => {
    const dir = path.join(fixturesDir, name);
    const inputFile = readdirSync(dir).find((file) => file.startsWith('input.'));
    if (inputFile === undefined) throw new Error(`fixture ${name} has no input file`);
    const outputFile = `output${path.extname(inputFile)}`;
    const optionsPath = path.join(dir, 'options.json');
    const inputPath = path.join(dir, inputFile);
    const options = existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as GuardIdsOptions) : {};
    const projectFiles = readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('output.'))
      .map((file) => path.join(dir, file));
    const withProject = guardIds.withProject?.(await openProject(projectFiles, new Map()), options);
    return {
      name,
      inputPath,
      input: readFileSync(inputPath, 'utf8'),
      output: readFileSync(path.join(dir, outputFile), 'utf8'),
      notes: readFileSync(path.join(dir, 'notes.txt'), 'utf8'),
      options: withProject === undefined ? options : withProject(inputPath),
    };
  });
  return Promise.all(loaded);
}

const fixtures = await loadFixtures();

describe('guard-ids fixtures', () => {
  it('covers the cases the issue lists', () => {
    expect(fixtures.map((fixture) => fixture.name).sort()).toEqual([
      'aliased-zod',
      'behaviour-changes',
      'comments',
      'cross-file-schemas',
      'existing-import',
      'id-lists',
      'import-from-helper',
      'number-ids-flag',
      'plain-objects',
      'quote-and-semicolon-style',
      'sdk-tool-raw-shape',
      'string-fed-number-ids',
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
      expect(notes.map((note) => `${note.line}:${note.column} ${note.kind}: ${note.message}\n`).join('')).toBe(
        fixture.notes,
      );
    });

    it('has nothing left to do on its own output', () => {
      expect(guardIdsTransform(fixture.output, fixture.inputPath, fixture.options)).toBeUndefined();
      const second = guardIds.analyse(fixture.output, fixture.inputPath, fixture.options);
      expect(second.edits).toEqual([]);
      expect(second.notes.filter((note) => note.kind === 'behaviour-change')).toEqual([]);
    });
  });
});
