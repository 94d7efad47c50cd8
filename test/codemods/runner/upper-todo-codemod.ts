import { type Codemod, type CodemodEdit, type CodemodNote, CodemodParseError } from '../../../codemods/codemod.ts';

export interface UpperTodoOptions {
  readonly importFrom?: string;
}

/**
 * A test-only codemod, to drive the runner: it upper-cases every string literal `'todo'` (either quote). A line that
 * also holds `// review` gets a needs-review note; a file holding `<<<` "does not parse"; `importFrom` comes back as
 * an info note, to prove the runner hands options through.
 */
export const upperTodo: Codemod<UpperTodoOptions> = {
  name: 'upper-todo',
  description: "upper-cases the string literal 'todo' (test fixture)",
  mightMatch: (source) => source.includes('todo'),
  skipReason: () => 'no todo',
  analyse(source, filePath, options) {
    const position = (offset: number) => {
      const before = source.slice(0, offset);
      return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
    };
    const broken = source.indexOf('<<<');
    if (broken !== -1) {
      const { line, column } = position(broken);
      throw new CodemodParseError(filePath, "merge conflict marker '<<<'", line, column);
    }
    const edits: CodemodEdit[] = [];
    const notes: CodemodNote[] = [];
    for (const match of source.matchAll(/(['"])todo\1/g)) {
      edits.push({ start: match.index, end: match.index + match[0].length, text: `${match[1]}TODO${match[1]}` });
      const lineEnd = source.indexOf('\n', match.index);
      if (source.slice(match.index, lineEnd === -1 ? undefined : lineEnd).includes('// review')) {
        notes.push({ kind: 'needs-review', ...position(match.index), message: "check that 'TODO' is meant here" });
      }
    }
    if (options.importFrom !== undefined)
      notes.push({ kind: 'info', line: 1, column: 1, message: `import from ${options.importFrom}` });
    const output =
      edits.length === 0
        ? undefined
        : edits.reduceRight((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), source);
    return { output, edits, notes };
  },
};
