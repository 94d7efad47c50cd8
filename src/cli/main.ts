import { Command, CommanderError, Option } from 'commander';
import { CLIENTS } from '../contract/compatibility.ts';
import { DEFAULT_CONTRACT_FILE } from '../contract/contract-file-schema.ts';
import { PACKAGE_VERSION } from '../package-info.ts';
import type { AuditCommandOptions } from './audit.ts';
import type { ChainsOptions } from './chains.ts';
import type { CodemodCommandOptions } from './codemod.ts';
import type { DoctorCommandOptions } from './doctor.ts';
import type {
  CheckCommandOptions,
  CompatCommandOptions,
  DiffCommandOptions,
  SnapshotCommandOptions,
  SourceCommandOptions,
} from './contract.ts';
import { errorLine, EXIT_ERROR, missingPeerError, readableStderrTail, UsageError, withCommand } from './errors.ts';
import { installPrintableOutput } from './printable.ts';

// Every command and option is declared here, so that `--help` lists them all; what a command does lives in its own
// module, imported only once commander has parsed which command runs. A contract diff of two files then never loads
// the codemod runner, the audit's TypeScript compiler or the MCP SDK client.

/** Options every `contract` command that may start or reach a server takes. */
function liveOptions(command: Command): Command {
  return command
    .option('--url <url>', 'reach a running Streamable HTTP server instead of starting one')
    .option(
      '--header <name: value>',
      'an HTTP header for --url (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .addOption(
      new Option(
        '--timeout <ms>',
        'how long the server may take to answer initialize, and each tools/list page',
      ).default('20000'),
    )
    .option('--no-probe', 'do not ask a Node server (through NODE_OPTIONS) which MCP SDK and zod it loaded');
}

const failOnOption = () =>
  new Option('--fail-on <level>', 'exit 1 when a change at this level or worse is found')
    .choices(['breaking', 'warning', 'info', 'none'])
    .default('breaking');

/** The `Exit codes:` block a command's `--help` ends with (docs/cli.md has the whole table). */
function exitCodes(found: string | undefined, failed: string, ok = 'nothing to report'): string {
  const one = found === undefined ? '' : `  1  ${found}\n`;
  return `\nExit codes:\n  0  ${ok}\n${one}  2  ${failed} (one line on stderr says what to do)\n`;
}
const SERVER_FAILED = 'the server could not be started, did not answer, or offers no tools';

const contractCommands = () => import('./contract.ts');
/** For the commands that always start a server: the snapshot module loads beside the command's, not after it. */
const liveContractCommands = async () =>
  (await Promise.all([contractCommands(), import('../contract/snapshot.ts')]))[0];

/** `agent-contract contract <snapshot|diff|check|compat|chains>`. */
function addContractCommand(program: Command): void {
  const contract = program
    .command('contract')
    .description(
      'snapshot the tools a server really publishes, diff two contracts by direction, and guard the contract in pre-commit and CI',
    );

  liveOptions(
    contract
      .command('snapshot')
      .description(
        'connect as an MCP client, read tools/list (all pages) and write a normalised, reviewable contract file',
      )
      .usage('[options] -- <command that starts a stdio server> [args...]')
      .argument('[server-command...]', 'the command that starts the server')
      .option('--out <file>', 'where to write the contract (- for stdout)', DEFAULT_CONTRACT_FILE),
  )
    .addHelpText(
      'after',
      exitCodes(undefined, `${SERVER_FAILED}, or the file could not be written`, 'the contract was written'),
    )
    .action(async (operands: string[], options: SnapshotCommandOptions, command: Command) => {
      process.exitCode = await (await liveContractCommands()).runSnapshot(command, operands, options);
    });

  liveOptions(
    contract
      .command('diff')
      .description('compare two contracts; input changes are judged as requests, output changes as responses')
      .usage('[options] [--head <file> | -- <server command> [args...]]')
      .argument('[server-command...]', 'snapshot this server as the new contract')
      .option('--base <file>', 'the contract to compare against', DEFAULT_CONTRACT_FILE)
      .option('--head <file>', 'the new contract file'),
  )
    .addOption(failOnOption())
    .option('--json', 'print the changes as JSON')
    .addOption(
      new Option('--format <format>', 'text, json, or summary (Markdown for a pull request, most severe first)')
        .choices(['text', 'json', 'summary'])
        .default('text'),
    )
    .addHelpText(
      'after',
      exitCodes('a change at the --fail-on level or worse', `a contract file could not be read, or ${SERVER_FAILED}`),
    )
    .action(async (operands: string[], options: DiffCommandOptions, command: Command) => {
      process.exitCode = await (await contractCommands()).runDiff(command, operands, options);
    });

  liveOptions(
    contract
      .command('check')
      .description(
        'snapshot the server and diff it against the committed contract; exit 1 on a breaking change (for pre-commit and CI)',
      )
      .usage('[options] -- <command that starts a stdio server> [args...]')
      .argument('[server-command...]', 'the command that starts the server')
      .option('--file <file>', 'the committed contract', DEFAULT_CONTRACT_FILE)
      .option('--update', 'write the new contract to --file when nothing fails (and create it when missing)'),
  )
    .addOption(failOnOption())
    .option('--json', 'print the changes as JSON')
    .addHelpText(
      'after',
      exitCodes(
        'a change at the --fail-on level or worse',
        `the committed contract could not be read, or ${SERVER_FAILED}`,
      ),
    )
    .action(async (operands: string[], options: CheckCommandOptions, command: Command) => {
      process.exitCode = await (await liveContractCommands()).runCheck(command, operands, options);
    });

  liveOptions(
    contract
      .command('compat')
      .description(
        'client compatibility findings (Anthropic, OpenAI strict, Gemini, Cursor, MCP) on a contract or a live server',
      )
      .usage('[options] [file | -- <server command> [args...]]')
      .argument(
        '[file-or-server...]',
        `the contract file (default ${DEFAULT_CONTRACT_FILE}), or a server command after --`,
      )
      .option('--clients <list>', `only findings that affect these clients: ${Object.keys(CLIENTS).join(', ')}`),
  )
    .addOption(
      new Option(
        '--fail-on <level>',
        "exit 1 on a finding at this level or worse: fixable (the server's code can change it), advisory (any finding)",
      )
        .choices(['fixable', 'advisory', 'none'])
        .default('fixable'),
    )
    .option('--json', 'print the findings as JSON')
    .addHelpText(
      'after',
      exitCodes(
        'a finding at the --fail-on level or worse (by default one the server can fix)',
        `the contract file could not be read, or ${SERVER_FAILED}`,
      ),
    )
    .action(async (operands: string[], options: CompatCommandOptions, command: Command) => {
      process.exitCode = await (await contractCommands()).runCompat(command, operands, options);
    });

  liveOptions(
    contract
      .command('chains')
      .description('the id chain matrix from the contract alone: outputSchema id fields against inputSchema id fields')
      .usage('[options] [file | -- <server command> [args...]]')
      .argument(
        '[file-or-server...]',
        `the contract file (default ${DEFAULT_CONTRACT_FILE}), or a server command after --`,
      ),
  )
    .option('--json', 'print the matrix as JSON')
    .addHelpText('after', exitCodes('a broken chain', `the contract file could not be read, or ${SERVER_FAILED}`))
    .action(async (operands: string[], options: SourceCommandOptions, command: Command) => {
      process.exitCode = await (await contractCommands()).runChains(command, operands, options);
    });
}

function buildProgram(): Command {
  const program = new Command('agent-contract')
    .description('Keep the contract an AI agent sees honest.')
    .version(PACKAGE_VERSION)
    .option('--debug', 'print stack traces for errors')
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: () => undefined });

  program
    .command('chains')
    .description('feed every id a live stdio server emits, verbatim, into every tool input that names the same entity')
    .usage('[options] -- <command that starts a stdio server> [args...]')
    .argument('[server-command...]', 'the command that starts the server (point it at a test instance: it calls tools)')
    .option(
      '--samples <file>',
      'JSON with arguments for the fields that are not ids: { "tools": { "<tool>": {...} }, "fields": {...} }',
    )
    .addOption(
      new Option('--timeout <ms>', 'how long the server may take to start and to answer each call').default('20000'),
    )
    .option(
      '--profile <name>',
      'also run every chain as a kind of client does (repeatable): stringify-scalars, numberify-digit-strings, big-ids-as-numbers, or all (docs/client-profiles.md)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .option('--json', 'print the whole report as JSON')
    .addHelpText(
      'after',
      exitCodes(
        'a chain is broken (validation rejected an emitted id), for the literal consumer or a --profile',
        `${SERVER_FAILED}, or no id was emitted or accepted`,
      ),
    )
    .action(async (serverCommand: string[], options: ChainsOptions) => {
      process.exitCode = await (await import('./chains.ts')).runChainsCommand(serverCommand, options);
    });

  program
    .command('codemod')
    .description('rewrite TypeScript sources with a codemod; writes only on a clean git tree (see docs/codemods.md)')
    .usage('[options] <name> [paths...]')
    .argument('<name>', 'the codemod to run (listed below)')
    .argument('[paths...]', 'files, folders, or tsconfig*.json files meaning the files they include (default: .)')
    .addOption(
      new Option('--dry', 'print a unified diff for each file that would change; write nothing').conflicts('print'),
    )
    .option('--print', 'print the new text of each file that would change; write nothing')
    .option('--check', 'write nothing; exit 1 when a file would change (for CI and pre-commit hooks)')
    .option('--json', "print every file's status, edits and notes, and the summary, as JSON")
    .option('--force', 'write even when the git tree has uncommitted changes to tracked files')
    .option(
      '--import-from <module>',
      'the module the codemod imports its helpers from (guard-ids: guardId, guardNumberId)',
    )
    .option(
      '--number-ids',
      'guard-ids: also wrap every number id schema of a tool input in guardNumberId(...), not only those an emitter feeds a string',
    )
    .option(
      '--helper <local[=path]>',
      'guard-ids and dispositions: write the helpers into the project (agent-contract-guard.ts, agent-contract-dispositions.ts; default: the common source folder; path: a folder or such a file) and import them from there; the default when agent-contract is only a devDependency',
    )
    // Its exit codes come with the list of codemods (describeCodemods), after the options.
    .action(async (name: string, paths: string[], options: CodemodCommandOptions) => {
      process.exitCode = await (await import('./codemod.ts')).runCodemodCommand(name, paths, options);
    });
  // The codemods load typescript, an optional peer: read them only when `codemod` runs, here to list them in its help.
  program.hook('preSubcommand', async (_program, subcommand) => {
    if (subcommand.name() !== 'codemod') return;
    const { describeCodemods, loadCodemods } = await import('./codemod.ts');
    subcommand.addHelpText('after', describeCodemods(await loadCodemods()));
  });

  addContractCommand(program);

  liveOptions(
    program
      .command('audit')
      .description(
        'the chain matrix of a whole server from its TypeScript types: every emitted id against every input that names the same entity',
      )
      .usage('[options] [project] [-- <command that starts a stdio server> [args...]]')
      .argument(
        '[project-and-server...]',
        'the project folder or its tsconfig.json (default: .), then, after --, the command that starts the server',
      )
      .option(
        '--contract <file>',
        `read what the tools accept from this published contract (default: the project's ${DEFAULT_CONTRACT_FILE}, when it has one)`,
      )
      .option('--no-contract', `read the tools' inputs from source alone, even with a ${DEFAULT_CONTRACT_FILE}`)
      .option('--server', 'snapshot the server whose command follows -- and read what the tools accept from it'),
  )
    .addOption(
      new Option(
        '--format <format>',
        'text, json (docs/audit-json.md), sarif (SARIF 2.1.0) or summary (Markdown for a pull request)',
      )
        .choices(['text', 'json', 'sarif', 'summary'])
        .default('text'),
    )
    .addOption(new Option('--json', 'the same as --format json').conflicts('format'))
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when a chain is at least this bad')
        .choices(['broken', 'suspect', 'tolerated', 'never'])
        .default('broken'),
    )
    .option(
      '--all',
      'list every emitter of a broken chain, the chains that hold and every tool that emits unknown types (text format)',
    )
    .option(
      '--baseline <file>',
      "report only findings this baseline does not list (default: audit.baseline of the config, or the project's agent-contract.baseline.json when it has one)",
    )
    .option('--no-baseline', 'report every finding, even with a baseline')
    .option(
      '--baseline-write [file]',
      "record today's findings as the baseline (default: the project's agent-contract.baseline.json) and exit 0",
    )
    .option(
      '--allow-unknown',
      'exit by --fail-on alone, also when the audit cannot vouch for its verdict (else exit 2): a documented choice to accept what it could not see',
    )
    .option(
      '--allow-errors',
      'exit by --fail-on alone, also when a file does not parse or a package the code imports is not installed (else exit 2)',
    )
    .option('--type-errors', 'also count the files that do not type-check (a full type-check, slower)')
    .option(
      '--openapi <file-or-url>',
      "the API's OpenAPI document (a JSON or YAML file or URL; repeat for more) to type the answers the code leaves untyped (default: the OpenAPI documents the project carries)",
      (file: string, files: string[] | undefined) => [...(files ?? []), file],
    )
    .option('--no-openapi', 'read no OpenAPI document, not even those the project carries')
    .addHelpText(
      'after',
      exitCodes(
        'a chain at the --fail-on level or worse',
        'the project cannot be audited, the server could not be snapshotted, a file does not parse or a package it imports is not installed (unless --allow-errors), or the audit cannot vouch for its verdict: a tool, emitted type or input it could not read or place (unless --allow-unknown)',
      ),
    )
    .action(async (operands: string[], options: AuditCommandOptions, command: Command) => {
      process.exitCode = await (await import('./audit.ts')).runAuditCommand(command, operands, options);
    });
  program
    .command('doctor')
    .description(
      'check that the editor plugin can show broken chains: which TypeScript the editor and the tools use, whether tsconfig lists the plugin and it loads',
    )
    .argument('[project]', 'the project folder', '.')
    .option('--json', 'the checks as JSON')
    .addHelpText(
      'after',
      exitCodes('a check failed (each failed line says the fix)', 'the folder does not exist', 'every check passes'),
    )
    .action(async (target: string, options: DoctorCommandOptions) => {
      process.exitCode = (await import('./doctor.ts')).runDoctorCommand(target, options);
    });
  throwFromEveryCommand(program);
  return program;
}

/** The command a commander error was raised in, as typed after `agent-contract` (`contract diff`; '' for the root). */
const raisedIn = new WeakMap<CommanderError, string>();

/** Every command throws its parse errors instead of exiting, noting which command raised them. */
function throwFromEveryCommand(command: Command): void {
  command.exitOverride((error) => {
    const names: string[] = [];
    for (let current: Command | null = command; current?.parent != null; current = current.parent)
      names.unshift(current.name());
    raisedIn.set(error, names.join(' '));
    throw error;
  });
  for (const subcommand of command.commands) throwFromEveryCommand(subcommand);
}

/**
 * A commander error as the one line the CLI prints: commander's message on one line without its closing full stop,
 * then the `--help` of the command that raised it.
 */
function usageErrorLine(error: CommanderError): string {
  const where = raisedIn.get(error) ?? '';
  const help = `agent-contract ${where === '' ? '' : `${where} `}--help`;
  const next = error.code === 'commander.unknownCommand' ? `run ${help} to see the commands` : `run ${help}`;
  const message = error.message
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\.$/, '');
  return `agent-contract: ${message}; ${next}`;
}

async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  const debug = argv.includes('--debug');
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (thrown) {
    // typescript is an optional peer, loaded by the commands that read a project (audit). The MCP SDK client needs no
    // such line: the shipped CLI is a bundle (scripts/bundle-cli.ts) that carries its own copy.
    const error = missingPeerError(thrown, 'typescript', 'reading a TypeScript project needs') ?? thrown;
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return; // --help and --version
      if (error.code === 'commander.help') {
        // `agent-contract` or `agent-contract contract` alone: commander has printed the commands to stderr.
        process.stderr.write('agent-contract: no command given; pick one of the commands listed above\n');
        process.exitCode = EXIT_ERROR;
        return;
      }
      process.stderr.write(`${usageErrorLine(error)}\n`);
      process.exitCode = EXIT_ERROR;
      return;
    }
    process.stderr.write(`${withCommand(errorLine(error, debug), argv)}\n`);
    // Only a command that started a server has loaded this module; reading it here costs nothing on the way out.
    const { ServerStartError } = await import('../transport/connect.ts');
    if (error instanceof ServerStartError && error.stderrTail.length > 0) {
      process.stderr.write(
        `last lines the server wrote to stderr:\n${readableStderrTail(error.stderrTail)
          .map((line) => `  ${line}`)
          .join('\n')}\n`,
      );
    }
    if (error instanceof ServerStartError && error.stdoutNoise.length > 0) {
      process.stderr.write(
        `the server wrote to stdout what is not JSON-RPC (stdout carries MCP only; log to stderr):\n${error.stdoutNoise.map((line) => `  ${line}`).join('\n')}\n`,
      );
    }
    if (debug && error instanceof Error && !(error instanceof UsageError))
      process.stderr.write(`${error.stack ?? ''}\n`);
    process.exitCode = EXIT_ERROR;
  }
}

installPrintableOutput();
await main(process.argv.slice(2));
