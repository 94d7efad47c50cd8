/** Which Zod a schema object came from, told from the object itself (never from the package that happens to be installed). */
export type ZodFlavour = 'zod3' | 'zod4' | 'zod4-mini';

/**
 * `_zod` marks zod 4 (classic and mini); `_def` alone does not tell, since zod 4 classic has it too.
 * Classic schemas carry methods (`transform`, `optional`), mini schemas only `check`/`with`.
 */
export function zodFlavourOf(schema: unknown): ZodFlavour | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if ('_zod' in schema) {
    return typeof (schema as { transform?: unknown }).transform === 'function' ? 'zod4' : 'zod4-mini';
  }
  const def = (schema as { _def?: { typeName?: unknown } })._def;
  if (typeof def === 'object' && def !== null && typeof def.typeName === 'string') return 'zod3';
  return undefined;
}
