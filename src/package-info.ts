import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's version, read from its package.json whether running from source or from dist/. */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const json = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (json.name === 'agent-contract' && json.version !== undefined) return json.version;
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export const PACKAGE_VERSION: string = readVersion();
