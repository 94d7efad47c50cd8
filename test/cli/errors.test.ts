import { describe, expect, it } from 'vitest';
import { errorLine, readableStderrTail, UsageError, withCommand } from '../../src/cli/errors.ts';

describe('readableStderrTail', () => {
  it('keeps short tails as they are', () => {
    expect(readableStderrTail(['DATABASE_URL is not set'])).toEqual(['DATABASE_URL is not set']);
  });

  it('turns a run of stack frames into its first frame and a count, so the error line stays in the last lines', () => {
    const lines = [
      'Error: boom',
      ...Array.from({ length: 12 }, (_, index) => `    at frame${index} (file:///srv/server.js:${index + 1}:1)`),
      'Node.js v20.20.2',
    ];
    expect(readableStderrTail(lines, 4)).toEqual([
      'Error: boom',
      '    at frame0 (file:///srv/server.js:1:1)',
      '    ... 11 more stack frames',
      'Node.js v20.20.2',
    ]);
  });

  it('keeps the brace a last frame opens for the error properties Node prints after it', () => {
    const lines = [
      'Error [ERR_X]: x',
      '    at a (node:internal/a:1:1)',
      '    at b (node:internal/b:2:2) {',
      "  code: 'ERR_X'",
      '}',
    ];
    expect(readableStderrTail(lines)).toEqual([
      'Error [ERR_X]: x',
      '    at a (node:internal/a:1:1)',
      '    ... 1 more stack frame {',
      "  code: 'ERR_X'",
      '}',
    ]);
  });

  it('cuts a very long line (a minified source line, a data: URL) and says by how much', () => {
    const [line] = readableStderrTail([`x${'y'.repeat(999)}`]);
    expect(line).toBe(`x${'y'.repeat(239)}... (760 more characters)`);
  });

  it('returns the last `max` lines', () => {
    expect(readableStderrTail(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'd']);
  });
});

describe('errorLine', () => {
  it('prints the message of an error meant for the user as it is', () => {
    expect(errorLine(new UsageError('audit nowhere: no such file or folder'), false)).toBe(
      'agent-contract: audit nowhere: no such file or folder',
    );
    expect(errorLine(new TypeError('fetch failed'), false)).toBe('agent-contract: fetch failed');
  });

  it("says a fault of agent-contract's own code is one, and how to report it", () => {
    expect(errorLine(new RangeError('Maximum call stack size exceeded'), false)).toBe(
      'agent-contract: internal error: Maximum call stack size exceeded; this is a fault of agent-contract, not of your project: run the command again with --debug and report it with the stack it prints',
    );
    expect(errorLine(new TypeError("Cannot read properties of undefined (reading 'kind')"), true)).toContain(
      'please report it with the stack below',
    );
  });
});

describe('withCommand', () => {
  const line = 'agent-contract: do this, or run it so (npx -p agent-contract -p x agent-contract <command>)';

  it('puts the command the user ran in place of the placeholder, so the line can be copied as it is', () => {
    expect(withCommand(line, ['audit', '.', '--format', 'json'])).toBe(
      'agent-contract: do this, or run it so (npx -p agent-contract -p x agent-contract audit . --format json)',
    );
  });

  it('quotes an argument a shell would split or expand', () => {
    expect(withCommand(line, ['audit', '--server', '--', 'node', 'dist/index.js', "it's here", '$HOME'])).toBe(
      "agent-contract: do this, or run it so (npx -p agent-contract -p x agent-contract audit --server -- node dist/index.js 'it'\\''s here' '$HOME')",
    );
  });

  it('leaves a line without the placeholder alone', () => {
    expect(withCommand('agent-contract: no such file', ['audit'])).toBe('agent-contract: no such file');
  });
});
