/** `node "my server.js" --port 3000`: a command as messages show it, each part quoted only when it has to be. */
export function formatCommandLine(command: string, args: readonly string[] = []): string {
  return [command, ...args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ');
}
