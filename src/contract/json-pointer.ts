/** A JSON Pointer (RFC 6901) to the value these keys lead to: `['tools', 0, 'a/b']` -> `/tools/0/a~1b`; [] is the whole document. */
export function jsonPointer(keys: readonly (string | number)[]): string {
  return keys.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
