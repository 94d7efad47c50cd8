/**
 * Text from servers and source files, made safe for a terminal or a CI log: a third-party server's tool name,
 * description or stderr, or a string in a pull request's code, may carry escape sequences that retitle or clear a
 * terminal (`\u001b]0;...\u0007`, `\u001b[2J`), move the cursor, or overwrite a line (`\r`). Every control character
 * but a newline and a tab is shown as its `\uXXXX` escape, and so are the C1 controls and the bidirectional overrides
 * that reorder what is shown; the colour sequences the report adds itself (`\u001b[...m`) are kept. JSON output keeps
 * exact values and never passes through here.
 */

import { cutText, MESSAGE_CHARS } from '../model/cut-text.ts';

const COLOUR = /\u001b\[[0-9;]*m/y;

function mustEscape(code: number): boolean {
  if (code === 0x0a || code === 0x09) return false;
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0x80 && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function printable(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x1b) {
      COLOUR.lastIndex = index;
      const colour = COLOUR.exec(text);
      if (colour !== null) {
        out += colour[0];
        index += colour[0].length;
        continue;
      }
    }
    if (mustEscape(code)) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
      index += 1;
      continue;
    }
    out += text[index];
    index += 1;
  }
  return out;
}

/** A text report with each line of more than `max` characters cut, marked with how much was left out. */
export function cutLines(text: string, max = MESSAGE_CHARS): string {
  return text
    .split('\n')
    .map((line) => cutText(line, max))
    .join('\n');
}

/** The process's own stderr writer, kept before `installPrintableOutput`: for the progress line's `\r` and `\u001b[K`. */
const rawStderrWrite = process.stderr.write.bind(process.stderr);

export function writeProgress(text: string): void {
  rawStderrWrite(text);
}

/**
 * Makes everything the command prints pass through `printable`: its reports, its errors, and the server stderr tails
 * they quote. JSON stays exact: JSON.stringify already escapes the C0 controls, and a `\uXXXX` escape written for a
 * C1 control or a bidirectional override inside a JSON string stands for the same character.
 */
export function installPrintableOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(typeof chunk === 'string' ? printable(chunk) : chunk, ...rest)) as typeof stream.write;
  }
}
