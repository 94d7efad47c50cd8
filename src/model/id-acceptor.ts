import { isDescribedIdName, isIdName, isKeyName } from './ids.ts';
import type { SchemaMeaning } from './schema-meaning.ts';

/**
 * What to do about one input field, decided once for the lint rules, the codemods and the audit:
 * - `not-id`: the name is not an id; nothing to say.
 * - `guard`: a bare string schema on an id; wrap it in `guardId(...)` (bytes stay identical, numbers get accepted).
 * - `guarded`: already `guardId`/`guardNumberId`/`idSchema`/a preprocess in front of a string or number; fine.
 * - `coerced`: `z.coerce.*()` on an id; replace by a guarded string (behaviour change: null stops becoming "null").
 * - `union`: string-or-number on an id; replace by a guarded string (published contract returns to `type: string`).
 * - `numeric`: accepts numbers only; emitters of string ids fail. `guardNumberId(...)` widens it, with the same
 *   published bytes and the same number reaching the handler; guard-ids writes it where an emitter sends strings.
 * - `constrained`: uuid/email/url/regex and the like; no number can be a valid value, so there is nothing to widen.
 * - `unknown`: the schema is a reference the model cannot see into (an identifier, a helper call).
 */
export type IdAcceptorVerdict =
  'not-id' | 'guard' | 'guarded' | 'coerced' | 'union' | 'numeric' | 'constrained' | 'unknown';

/**
 * `keys`: also judge a record's second keys (`card_number`, `employeeCode`), which the audit pairs with the fields
 * that emit them; the lint rules and codemods judge ids alone. `description`: the field's own description, which makes
 * a field an id when its name names the entity the description's ids belong to (`with_genres`, "Comma-separated genre
 * ids"; `isDescribedIdName`). `chained`: the project's chains pair the field with ids a tool emits, whatever its name
 * (a record's second key, or a field only the server's other fields make an id), so it is judged as an id.
 */
export function idAcceptorVerdict<N>(
  fieldName: string | undefined,
  meaning: SchemaMeaning<N>,
  options: {
    readonly keys?: boolean;
    readonly description?: string | undefined;
    readonly chained?: boolean;
  } = {},
): IdAcceptorVerdict {
  if (fieldName === undefined || (options.chained !== true && !isIdField(fieldName, options))) return 'not-id';
  switch (meaning.accepts) {
    case 'string':
      return meaning.formats.length > 0 ? 'constrained' : 'guard';
    case 'guarded':
    case 'guarded-number':
      return 'guarded';
    case 'coerced':
      return 'coerced';
    case 'string-or-number':
      return 'union';
    case 'number':
      return 'numeric';
    case 'unknown':
      return 'unknown';
    default:
      return 'not-id';
  }
}

function isIdField(name: string, { keys, description }: { keys?: boolean; description?: string | undefined }): boolean {
  if (isIdName(name) || (keys === true && isKeyName(name))) return true;
  return description !== undefined && isDescribedIdName(name, description);
}
