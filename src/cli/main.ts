#!/usr/bin/env node
import { Command, CommanderError, Option } from 'commander';
import { PACKAGE_VERSION } from '../package-info.ts';
import { ServerStartError } from '../testing/connect.ts';
import { registerAuditCommand } from './audit.ts';
import { runChainsCommand } from './chains.ts';
import { registerContractCommand } from './contract.ts';
import { type CodemodCommandOptions, describeCodemods, loadCodemods, runCodemodCommand } from './codemod.ts';
import { EXIT_ERROR, UsageError } from './errors.ts';


function buildProgram(): Command {
  const program = new Command('agent-contract')
    .description('Keep the contract an AI agent sees honest.')
    .version(PACKAGE_VERSION)
    .option('--debug', 'print stack traces for errors')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: () => undefined });

  program
    .command('chains')
    .description('feed every id a live stdio server emits, verbatim, into every tool input that names the same entity')
    .usage('[options] -- <command that starts a stdio server> [args...]')
    .argument('[server-command...]', 'the command that starts the server (point it at a test instance: it calls tools)')
    .option('--samples <file>', 'JSON with arguments for the fields that are not ids: { "tools": { "<tool>": {...} }, "fields": {...} }')
    .addOption(new Option('--timeout <ms>', 'how long the server may take to start and to answer each call').default('20000'))
    .option('--json', 'print the whole report as JSON')
    .action(async (serverCommand: string[], options: { samples?: string; timeout: string; json?: boolean }) => {
      process.exitCode = await runChainsCommand(serverCommand, options);
    });

  program
    .command('codemod')
    .description('rewrite TypeScript sources with a codemod; writes only on a clean git tree (see docs/codemods.md)')
    .usage('[options] <name> [paths...]')
    .argument('<name>', 'the codemod to run (listed below)')
    .argument('[paths...]', 'files, folders, or tsconfig*.json files meaning the files they include (default: .)')
    .addOption(new Option('--dry', 'print a unified diff for each file that would change; write nothing').conflicts('print'))
    .option('--print', 'print the new text of each file that would change; write nothing')
    .option('--check', 'write nothing; exit 1 when a file would change (for CI and pre-commit hooks)')
    .option('--json', 'print every file\'s status, edits and notes, and the summary, as JSON')
    .option('--force', 'write even when the git tree has uncommitted changes to tracked files')
    .option('--import-from <module>', 'the module the codemod imports its helpers from (guard-ids: guardId)')
    .action(async (name: string, paths: string[], options: CodemodCommandOptions) => {
      process.exitCode = await runCodemodCommand(name, paths, options);
    });
  // The codemods load typescript, an optional peer: read them only when `codemod` runs, here to list them in its help.
  program.hook('preSubcommand', async (_program, subcommand) => {
    if (subcommand.name() === 'codemod') subcommand.addHelpText('after', describeCodemods(await loadCodemods()));
  });
  registerContractCommand(program);
  registerAuditCommand(program);
  return program;
}

async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  const debug = argv.includes('--debug');
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return; // --help and --version
      const next = error.code === 'commander.unknownCommand' ? '; run agent-contract --help to see the commands' : '; run agent-contract --help';
      process.stderr.write(`agent-contract: ${error.message.replace(/^error: /, '')}${next}\n`);
      process.exitCode = EXIT_ERROR;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agent-contract: ${message}\n`);
    if (error instanceof ServerStartError && error.stderrTail.length > 0) {
      process.stderr.write(`last lines the server wrote to stderr:\n${error.stderrTail.slice(-10).map((line) => `  ${line}`).join('\n')}\n`);
    }
    if (debug && error instanceof Error && !(error instanceof UsageError)) process.stderr.write(`${error.stack ?? ''}\n`);
    process.exitCode = EXIT_ERROR;
  }
}

await main(process.argv.slice(2));
