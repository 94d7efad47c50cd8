import { effectEmptiesContract } from './schema-meaning.ts';
import { GUARD_FUNCTIONS } from './zod-imports.ts';
import { OBJECT_EFFECT_METHODS } from './zod-vocabulary.ts';

/**
 * Whether the source text `text.slice(start, end)` of a schema can hold a string-or-number union at all: unions are
 * written with the `union` factory (`z.union`, or a named `union` import under `unionLocals`) or the `.or()` method.
 * A front end rules most fields out with it before reading their chains; `meaningOf` still decides.
 */
export function mayHoldUnion(text: string, start: number, end: number, unionLocals: readonly string[] = []): boolean {
  // A slice of a long string is a view in V8, so this costs no copy and bounds every search.
  const source = text.slice(start, end);
  return UNION_WORDS.test(source) || unionLocals.some((local) => source.includes(local));
}

/** The words a union is written with: the `union` factory or the `.or` method (the whole name: not `.order`). */
const UNION_WORDS = /union|\.or\b/;

/*
 * File-level shortcuts in the manner of `mayHoldUnion`: whether a file's source text can hold a schema a verdict
 * needs at all, so a front end can skip a file without reading a chain. Each lists the words the model's own
 * recognisers need spelled out in the text (a factory, method or import name); a false answer is certain, a true
 * one says nothing.
 */
/** One search for several identifiers: a regular expression scans the text once, where `includes` would scan it per word. */
const anyOf = (identifiers: readonly string[]): RegExp => new RegExp(identifiers.join('|'));

/** False when no import in `text` can be Zod (every Zod module specifier starts with `zod`). */
export function mayImportZod(text: string): boolean {
  return text.includes('zod');
}

/** False when `text` holds no string-or-number union anywhere (see `mayHoldUnion`). */
export function mayHoldUnionIn(text: string): boolean {
  // A renamed `union` import still spells `union` in its import declaration.
  return UNION_WORDS.test(text);
}

/** False when `text` holds no `z.coerce.*()` and no `coerce` import. */
export function mayHoldCoercion(text: string): boolean {
  return text.includes('coerce');
}

const GUARDED_WORDS = anyOf([...GUARD_FUNCTIONS, 'preprocess', 'pipe']);

/** False when `text` holds no guarded schema: no `guardId`/`idSchema` import, no `preprocess`, no mini `pipe`. */
export function mayHoldGuardedSchema(text: string): boolean {
  return GUARDED_WORDS.test(text);
}

/** False when `text` calls no method for which `effectEmptiesContract` holds under either major. */
export function mayHoldContractEmptyingEffect(text: string): boolean {
  return CONTRACT_EMPTYING_WORDS.test(text);
}

/** Every effect `effectEmptiesContract` can hold for, under one major or the other. */
const CONTRACT_EMPTYING_WORDS = anyOf(
  [...OBJECT_EFFECT_METHODS].filter((effect) => effectEmptiesContract(effect, 3) || effectEmptiesContract(effect, 4)),
);

/**
 * Any spelling of an id word in a name: `id`, `ticket_id`, `ticketId`, `TicketIDs`, `project_iid`, `SKUId`, and one
 * followed by another word (`projectIdOrKey`, `ticket_id_or_key`): a superset of what `isIdName` accepts.
 */
const ID_TOKEN = /(?:^|[^A-Za-z0-9])[iI][iI]?[dD][sS]?(?![a-z0-9])|[A-Za-z0-9]I[iI]?[dD][sS]?(?![a-z0-9])/m;

/** False when `text` spells no id-like name anywhere, so a front end can skip the file unparsed. */
export function mayMentionIdName(text: string): boolean {
  return ID_TOKEN.test(text);
}
