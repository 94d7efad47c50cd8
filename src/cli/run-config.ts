import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { EMPTY_RUN_CONFIG, runConfigOf, type RunConfig } from '../model/run-config.ts';
import { UsageError } from './errors.ts';

/**
 * The run keys of agent-contract.config.json in the folder the command runs in, for the contract commands (which
 * load no TypeScript, so read the JSON form only; the audit reads every form through its adapter). The empty config
 * when there is no file; a bad one is the one-line error naming the file and the key.
 */
export function contractRunConfig(file = 'agent-contract.config.json'): RunConfig {
  if (!existsSync(file)) return EMPTY_RUN_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not valid JSON (${(error as Error).message}); fix it or remove it`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new UsageError(`${file}: expected an object like { "contract": { "server": ["node", "dist/server.js"] } }`);
  try {
    return runConfigOf(raw as Record<string, unknown>);
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
}

/** An option's value, or the configuration's when the option was left at its default. */
export function configuredOption<T>(command: Command, name: string, given: T, configured: T | undefined): T {
  return command.getOptionValueSource(name) === 'default' && configured !== undefined ? configured : given;
}
