import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { installedZodMajor } from '../../src/adapters/packages/index.ts';
import { importExtensionOf } from '../../src/adapters/typescript/index.ts';
import { isTestFile } from '../../src/model/test-files.ts';
import type { ZodFlavour } from '../../src/model/zod-flavour.ts';
import { LOCAL_GUARD_MODULE_NAME, zodModuleOf } from '../../src/model/zod-imports.ts';
import { type CodemodNewFile, type CodemodProject, CodemodRefusal } from '../codemod.ts';

/**
 * The helper module `guard-ids --helper local` writes into a project, so the rewritten files import `guardId` from
 * the project itself and `agent-contract` can stay a devDependency. It is the guarded preprocess of
 * src/guard/guard-id.ts for the one Zod flavour the project imports, written in the project's quote, semicolon and
 * import-extension style. Its file name is `LOCAL_GUARD_MODULE_NAME`, which every reader takes for a guard module.
 */

/** The helper's first line: what wrote it. A file at the helper's path without it is the user's and is never replaced. */
export const LOCAL_HELPER_MARKER = '// Written by `agent-contract codemod guard-ids --helper local`.';

const HELPER_FILE = new RegExp(`^${LOCAL_GUARD_MODULE_NAME}\\.([cm]?ts)$`);

/** True when `text` is a helper module this codemod wrote. */
export function isLocalGuardHelper(text: string): boolean {
  return text.startsWith(LOCAL_HELPER_MARKER);
}

export interface HelperStyle {
  readonly quote: "'" | '"';
  readonly semicolon: boolean;
}

const HELPER_DOC = [
  '/**',
  ' * Wraps a string id schema so that a positive integer id (47) is accepted as its decimal string ("47"), while the',
  " * published JSON Schema stays byte-identical to the inner schema's: agent-contract's guardId, without a runtime",
  ' * dependency on agent-contract. Keep .describe(), .min() and .regex() on the inner schema: a description on the',
  ' * wrapper reorders the rendered keys.',
  ' */',
];

const NUMBER_HELPER_DOC = [
  '/**',
  ' * The mirror for a number id schema: an id sent as a string ("5812") reaches the inner schema as the number it',
  " * always got, and the published JSON Schema stays the inner schema's: agent-contract's guardNumberId.",
  ' */',
];

/** The helper's text for one flavour, importing Zod as `zodSpecifier`. */
export function localGuardHelperText(flavour: ZodFlavour, zodSpecifier: string, style: HelperStyle): string {
  const q = style.quote;
  const end = style.semicolon ? ';' : '';
  const inner = 'Inner';
  const signature: Record<ZodFlavour, { bound: (output: string) => string; returns: string; body: string }> = {
    zod3: {
      bound: (output) => `z.ZodType<${output} | null | undefined, z.ZodTypeDef, unknown>`,
      returns: `z.ZodEffects<${inner}, z.output<${inner}>, unknown>`,
      body: 'z.preprocess(PREPROCESS, inner)',
    },
    zod4: {
      bound: (output) => `z.ZodType<${output} | null | undefined, unknown>`,
      returns: `z.ZodPipe<z.ZodTransform<unknown, unknown>, ${inner}>`,
      body: `z.pipe<z.ZodTransform<unknown, unknown>, ${inner}>(z.transform(PREPROCESS), inner)`,
    },
    'zod4-mini': {
      bound: (output) => `z.ZodMiniType<${output} | null | undefined, unknown>`,
      returns: `z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, ${inner}>`,
      body: `z.pipe<z.ZodMiniTransform<unknown, unknown>, ${inner}>(z.transform(PREPROCESS), inner)`,
    },
  };
  const { bound, returns, body } = signature[flavour];
  const guard = (name: string, output: string, preprocess: string) => [
    `export function ${name}<${inner} extends ${bound(output)}>(`,
    `  inner: ${inner},`,
    `): ${returns} {`,
    `  return ${body.replace('PREPROCESS', preprocess)}${end}`,
    '}',
  ];
  return [
    LOCAL_HELPER_MARKER,
    `import { z } from ${q}${zodSpecifier}${q}${end}`,
    '',
    '/** A positive safe integer becomes its decimal string; every other value reaches the inner schema as it is. */',
    'function numericIdToString(value: unknown): unknown {',
    `  return typeof value === ${q}number${q} && Number.isSafeInteger(value) && value > 0 ? String(value) : value${end}`,
    '}',
    '',
    '/** A safe integer written as JSON writes it ("5812", "-7") becomes that number; every other value stays as it is. */',
    'function decimalIdToNumber(value: unknown): unknown {',
    `  if (typeof value !== ${q}string${q} || !/^(?:0|-?[1-9]\\d*)$/.test(value)) return value${end}`,
    `  const id = Number(value)${end}`,
    `  return Number.isSafeInteger(id) ? id : value${end}`,
    '}',
    '',
    ...HELPER_DOC,
    ...guard('guardId', 'string', 'numericIdToString'),
    '',
    ...NUMBER_HELPER_DOC,
    ...guard('guardNumberId', 'number', 'decimalIdToNumber'),
    '',
  ].join('\n');
}

/** Zod import specifiers and relative import specifiers as a file spells them: `from 'zod'`, `require("./db.js")`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;
const STATEMENT_END = /^[ \t]*\)?[ \t]*;/;

interface ProjectStyle {
  /** Flavour -> the specifiers the project imports it by, with how often. */
  readonly flavours: Map<ZodFlavour, Map<string, number>>;
  readonly quotes: { single: number; double: number };
  readonly semicolons: { with: number; without: number };
  /** How relative imports end: `.js`, `.ts` or nothing. */
  readonly extensions: Map<'.js' | '.ts' | '', number>;
  readonly fileExtensions: Map<string, number>;
}

function increment<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function mostFrequent<K>(map: ReadonlyMap<K, number>): K | undefined {
  let best: K | undefined;
  let count = 0;
  for (const [key, seen] of map)
    if (seen > count) {
      best = key;
      count = seen;
    }
  return best;
}

function flavourOf(specifier: string, file: string): ZodFlavour | undefined {
  const module = zodModuleOf(specifier);
  if (module === undefined) return undefined;
  if (module.mini) return 'zod4-mini';
  const major = module.major ?? installedZodMajor(file) ?? 4;
  return major === 3 ? 'zod3' : 'zod4';
}

function styleOf(project: CodemodProject): ProjectStyle {
  const style: ProjectStyle = {
    flavours: new Map(),
    quotes: { single: 0, double: 0 },
    semicolons: { with: 0, without: 0 },
    extensions: new Map(),
    fileExtensions: new Map(),
  };
  for (const file of project.files) {
    const text = project.read(file);
    if (text === undefined || (text.startsWith(LOCAL_HELPER_MARKER) && HELPER_FILE.test(path.basename(file)))) continue;
    increment(style.fileExtensions, path.extname(file));
    for (const match of text.matchAll(SPECIFIER)) {
      const [, quote, specifier = ''] = match;
      const flavour = flavourOf(specifier, file);
      if (flavour !== undefined) {
        const byFlavour = style.flavours.get(flavour) ?? new Map<string, number>();
        increment(byFlavour, specifier);
        style.flavours.set(flavour, byFlavour);
        if (quote === "'") style.quotes.single += 1;
        else style.quotes.double += 1;
        const after = text.slice(match.index + match[0].length, match.index + match[0].length + 8);
        if (STATEMENT_END.test(after)) style.semicolons.with += 1;
        else style.semicolons.without += 1;
      } else if (specifier.startsWith('./') || specifier.startsWith('../')) {
        const extension = path.extname(specifier);
        if (/^\.[cm]?js$/.test(extension)) increment(style.extensions, '.js');
        else if (/^\.[cm]?tsx?$/.test(extension)) increment(style.extensions, '.ts');
        else if (extension === '' || !/^\.[a-z]+$/i.test(extension)) increment(style.extensions, '');
      }
    }
  }
  return style;
}

/** The deepest folder holding every non-test source file of the project: where the helper goes by default. */
export function commonSourceFolder(files: readonly string[]): string | undefined {
  const root = commonFolder(files.map((file) => path.dirname(file)));
  const sources = root === undefined ? files : files.filter((file) => !isTestFile(file, root));
  return commonFolder((sources.length > 0 ? sources : files).map((file) => path.dirname(file)));
}

function commonFolder(folders: readonly string[]): string | undefined {
  const [first, ...rest] = folders;
  if (first === undefined) return undefined;
  let common = first.split(path.sep);
  for (const folder of rest) {
    const parts = folder.split(path.sep);
    let same = 0;
    while (same < common.length && same < parts.length && common[same] === parts[same]) same += 1;
    common = common.slice(0, same);
  }
  return common.join(path.sep) || path.sep;
}

export interface LocalGuardHelperPlan {
  /** Absolute path of the helper module. */
  readonly path: string;
  /** The helper module as `--import-from` takes it: the absolute path with the extension imports spell. */
  readonly importFrom: string;
  /** The file to write; undefined when this codemod's helper is already there (it is never rewritten). */
  readonly newFile: CodemodNewFile | undefined;
}

function refuse(message: string, filePath?: string): never {
  throw new CodemodRefusal(message, filePath);
}

/** The existing helper of the project, by its name and first line; undefined when there is none. */
function existingHelperOf(project: CodemodProject): string | undefined {
  return project.files.find(
    (file) => HELPER_FILE.test(path.basename(file)) && isLocalGuardHelper(project.read(file) ?? ''),
  );
}

/**
 * Where the helper goes and what it holds: `requested` (absolute; a folder, or a file named
 * `agent-contract-guard.ts`/`.mts`/`.cts`) or, by default, the helper the project already has, else
 * `agent-contract-guard.ts` in the deepest folder holding every source file. Throws `CodemodRefusal` when the path
 * holds a file this codemod did not write, names another file name, or the project imports more than one Zod flavour.
 */
export function planLocalGuardHelper(project: CodemodProject, requested: string | undefined): LocalGuardHelperPlan {
  const style = styleOf(project);
  const fileExtension =
    mostFrequent(new Map([...style.fileExtensions].filter(([extension]) => /^\.[cm]?ts$/.test(extension)))) ?? '.ts';
  let helperPath: string;
  if (requested === undefined) {
    const folder = commonSourceFolder(project.files);
    helperPath = existingHelperOf(project) ?? path.join(folder ?? '.', `${LOCAL_GUARD_MODULE_NAME}${fileExtension}`);
  } else if (requested.endsWith('/') || requested.endsWith(path.sep) || isFolder(requested)) {
    helperPath = path.join(requested, `${LOCAL_GUARD_MODULE_NAME}${fileExtension}`);
  } else {
    if (!HELPER_FILE.test(path.basename(requested)))
      refuse(
        `the helper must be named ${LOCAL_GUARD_MODULE_NAME}.ts (or .mts, .cts), the name the audit, the lint rules and guard-ids recognise as the guard; name a folder or such a file`,
        requested,
      );
    helperPath = requested;
  }
  if (!isFolder(path.dirname(helperPath)))
    refuse('its folder does not exist; create it first or name another folder', helperPath);
  let newFile: CodemodNewFile | undefined;
  if (existsSync(helperPath)) {
    if (!isLocalGuardHelper(project.read(helperPath) ?? ''))
      refuse(
        `exists and is not a helper guard-ids --helper local wrote, so it is left alone; move it away, or name another folder with --helper local=<folder>`,
        helperPath,
      );
  } else {
    const found = [...style.flavours];
    if (found.length > 1)
      refuse(
        `the project imports Zod as ${found.map(([, specifiers]) => [...specifiers.keys()].map((s) => `'${s}'`).join(', ')).join(' and as ')}, and one local helper cannot type both; run guard-ids on each part with its own --helper local=<folder>, or import guardId from agent-contract`,
      );
    const [flavour, specifiers] = found[0] ?? ['zod4', new Map([['zod', 1]])];
    const specifier = mostFrequent(specifiers) ?? 'zod';
    newFile = {
      path: helperPath,
      text: localGuardHelperText(flavour, specifier === 'zod/v4/core' ? 'zod/v4/mini' : specifier, {
        quote: style.quotes.double > style.quotes.single ? '"' : "'",
        semicolon: style.semicolons.with >= style.semicolons.without,
      }),
    };
  }
  return { path: helperPath, importFrom: helperImportFrom(project, helperPath, style), newFile };
}

/** The helper module at `helperPath` as `--import-from` takes it: absolute, with the extension the project's imports spell. */
export function helperImportFrom(project: CodemodProject, helperPath: string, style = styleOf(project)): string {
  const convention =
    mostFrequent(style.extensions) ??
    importExtensionOf(project.tsconfigs.find((tsconfig) => isAbove(tsconfig, helperPath)));
  const helperExtension = path.extname(helperPath);
  const spelled = convention === '' ? '' : convention === '.ts' ? helperExtension : helperExtension.replace('t', 'j');
  return path.join(path.dirname(helperPath), `${path.basename(helperPath, helperExtension)}${spelled}`);
}

/** The quote and semicolon style of the project's Zod imports, for a module written into it. */
export function projectHelperStyle(project: CodemodProject): HelperStyle & { readonly fileExtension: string } {
  const style = styleOf(project);
  return {
    quote: style.quotes.double > style.quotes.single ? '"' : "'",
    semicolon: style.semicolons.with >= style.semicolons.without,
    fileExtension:
      mostFrequent(new Map([...style.fileExtensions].filter(([extension]) => /^\.[cm]?ts$/.test(extension)))) ?? '.ts',
  };
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

function isAbove(tsconfig: string, file: string): boolean {
  const relative = path.relative(path.dirname(tsconfig), file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}
