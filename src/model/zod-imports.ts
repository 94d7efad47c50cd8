/**
 * Which local names are Zod, from a file's import declarations. Both front ends (ESTree in the ESLint plugin, the
 * TypeScript AST in codemods and the audit) list their imports in this neutral form and ask this module.
 */

/** The module specifiers that are Zod, and what each gives. */
const ZOD_MODULES: Readonly<Record<string, ZodModule>> = {
  zod: { source: 'zod', major: undefined, mini: false },
  'zod/v3': { source: 'zod/v3', major: 3, mini: false },
  'zod/v4': { source: 'zod/v4', major: 4, mini: false },
  'zod/mini': { source: 'zod/mini', major: 4, mini: true },
  'zod/v4-mini': { source: 'zod/v4-mini', major: 4, mini: true },
  'zod/v4/mini': { source: 'zod/v4/mini', major: 4, mini: true },
  'zod/v4/core': { source: 'zod/v4/core', major: 4, mini: true },
};

export interface ZodModule {
  readonly source: string;
  /** 3 or 4 when the specifier says so; undefined for bare `zod`, whose major depends on what is installed. */
  readonly major: 3 | 4 | undefined;
  /** Functional API only (no methods on schemas): `zod/mini` and friends. */
  readonly mini: boolean;
}

/** One import binding as a front end saw it: `import { z as zz } from 'zod'` is `{ local: 'zz', imported: 'z', source: 'zod' }`. */
export interface ImportBinding {
  readonly local: string;
  /** The exported name, or `*` for a namespace import and `default` for a default import. */
  readonly imported: string;
  readonly source: string;
}

/** What a local name stands for when it is Zod. */
export type ZodBinding =
  /** `z` in `import { z } from 'zod'`, `import * as z from 'zod'`, `import z from 'zod'`: the namespace; members are factories. */
  | { readonly kind: 'namespace'; readonly local: string; readonly module: ZodModule }
  /** `string` in `import { string } from 'zod'`: one factory, called directly. */
  | { readonly kind: 'factory'; readonly local: string; readonly name: string; readonly module: ZodModule };

/** The Zod module an import specifier names; undefined for any other (also `constructor`, `__proto__` and the like). */
export function zodModuleOf(source: string): ZodModule | undefined {
  return Object.hasOwn(ZOD_MODULES, source) ? ZOD_MODULES[source] : undefined;
}

/** The names a module exports that are the whole Zod namespace rather than one factory. */
const NAMESPACE_EXPORTS = new Set(['z', '*', 'default']);

/** Where this project's own guarded acceptors come from; a config may add a local helper module. */
export const GUARD_MODULES: readonly string[] = ['agent-contract'];
export const GUARD_FUNCTIONS: readonly string[] = ['guardId', 'guardNumberId', 'idSchema'];
/** The guard of number id schemas, the mirror of `guardId`. */
export const GUARD_NUMBER_FUNCTION = 'guardNumberId';

/**
 * The file name of the helper module `codemod guard-ids --helper local` writes into a project. A module of that name
 * in any folder (`./agent-contract-guard.js`, `../agent-contract-guard`, `@/agent-contract-guard.ts`) is a guard
 * module with no configuration, because each file reaches it by a relative specifier of its own.
 */
export const LOCAL_GUARD_MODULE_NAME = 'agent-contract-guard';
/** The file name of the helper module `codemod dispositions --helper local` writes: the disposition helpers. */
export const LOCAL_DISPOSITIONS_MODULE_NAME = 'agent-contract-dispositions';
const LOCAL_GUARD_SPECIFIER = new RegExp(`(^|/)${LOCAL_GUARD_MODULE_NAME}(\\.[cm]?[jt]s)?$`);

/** True when `source` names a module whose `guardId`/`idSchema` are the guards: a listed one, or the local helper. */
export function isGuardModule(source: string, guardModules: readonly string[] = GUARD_MODULES): boolean {
  return guardModules.includes(source) || LOCAL_GUARD_SPECIFIER.test(source);
}

/** Indexes a file's imports: which local names are Zod namespaces or factories, and which are the id guards. */
export class ImportTable {
  readonly zod: ReadonlyMap<string, ZodBinding>;
  /** Local name -> exported name, for `guardId`/`idSchema` imported from this package or a configured helper. */
  readonly guards: ReadonlyMap<string, string>;

  constructor(bindings: readonly ImportBinding[], guardModules: readonly string[] = GUARD_MODULES) {
    const zod = new Map<string, ZodBinding>();
    const guards = new Map<string, string>();
    for (const binding of bindings) {
      const module = zodModuleOf(binding.source);
      if (module !== undefined) {
        zod.set(
          binding.local,
          NAMESPACE_EXPORTS.has(binding.imported)
            ? { kind: 'namespace', local: binding.local, module }
            : { kind: 'factory', local: binding.local, name: binding.imported, module },
        );
      } else if (isGuardModule(binding.source, guardModules) && GUARD_FUNCTIONS.includes(binding.imported)) {
        guards.set(binding.local, binding.imported);
      }
    }
    this.zod = zod;
    this.guards = guards;
  }

  /** True when the file imports anything from Zod; rules and codemods skip files where this is false. */
  get hasZod(): boolean {
    return this.zod.size > 0;
  }
}
