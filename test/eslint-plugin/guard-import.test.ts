import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { endOfLine } from '../../eslint-plugin/utils/guard-import.ts';

/** The end of the statement `import x from 'x';` at the start of `text`, as `endOfLine` finds it. */
function endAfterImport(text: string): string {
  const statement = "import x from 'x';";
  const node = { range: [0, statement.length] } as unknown as TSESTree.Node;
  return text.slice(0, endOfLine(text, node));
}

describe('endOfLine', () => {
  it('ends at the statement when nothing follows on its line', () => {
    expect(endAfterImport("import x from 'x';\nconst a = 1;")).toBe("import x from 'x';");
    expect(endAfterImport("import x from 'x';")).toBe("import x from 'x';");
  });

  it('takes a trailing line comment, and stops before a CRLF line break', () => {
    expect(endAfterImport("import x from 'x'; // keep\nconst a = 1;")).toBe("import x from 'x'; // keep");
    expect(endAfterImport("import x from 'x'; // keep\r\nconst a = 1;")).toBe("import x from 'x'; // keep");
    expect(endAfterImport("import x from 'x'; // last line")).toBe("import x from 'x'; // last line");
  });

  it('takes block comments on the same line, then a line comment after them', () => {
    expect(endAfterImport("import x from 'x'; /* a */ /* b */ // c\nnext();")).toBe(
      "import x from 'x'; /* a */ /* b */ // c",
    );
  });

  it('stops after a block comment that runs onto the next line', () => {
    expect(endAfterImport("import x from 'x'; /* a\n b */ // other line\nnext();")).toBe(
      "import x from 'x'; /* a\n b */",
    );
  });

  it('leaves code that follows on the same line alone, and an unclosed comment too', () => {
    expect(endAfterImport("import x from 'x'; const a = 1; // c")).toBe("import x from 'x';");
    expect(endAfterImport("import x from 'x'; /* never closed")).toBe("import x from 'x';");
  });
});
