/**
 * One message text per check id, for the checks that the lint rules and the audit both make: the ESLint rule's
 * `meta.messages` is this table, and the audit (text, JSON, SARIF) fills in the same text, so the two never word one
 * verdict twice. Placeholders are ESLint's (`{{name}}`); `messageText` fills them the way ESLint does.
 */
export const CHECK_MESSAGES = {
  'no-id-union': {
    idUnion: '`{{name}}` accepts a string or a number: its published schema moves and the handler receives numbers.',
    idUnionThrough:
      '`{{name}}` accepts a string or a number through `{{union}}`: its published schema moves and the handler receives numbers.',
  },
  'no-effects-on-tool-schema': {
    emptiedInput: 'Under zod {{major}}, `.{{effect}}()` makes {{tool}} publish no input parameters.',
    droppedOutput: 'Under zod {{major}}, `.{{effect}}()` drops the output schema of {{tool}}: every call fails.',
  },
} as const satisfies Record<string, Record<string, string>>;

/** `tool `get_ticket`` or `this tool`, as the messages name a tool. */
export function toolLabelOf(name: string | undefined): string {
  return name === undefined ? 'this tool' : `tool \`${name}\``;
}

/** The text with each `{{key}}` of `data` filled in; a placeholder without data stays as written, as in ESLint. */
export function messageText(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([^{}]+?)\}\}/g, (whole, key: string) => data[key.trim()] ?? whole);
}
