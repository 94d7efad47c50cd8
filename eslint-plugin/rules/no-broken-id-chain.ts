import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';
import type ts from 'typescript';
import { fixModuleFor } from '../utils/guard-import.ts';
import {
  acceptorFindingsOf,
  acceptorGuardOf,
  brokenEmitterFindingsOf,
  createChainReadCache,
  emitterName,
  nameList,
  programToolsOf,
  projectChainsOf,
  sortedTypes,
  type ChainFinding,
  type ChainReadCache,
  type ProjectChains,
} from '../../src/adapters/typescript/index.ts';
import { createRule } from '../utils/create-rule.ts';
import { DEFAULT_GUARD_MODULE, importFromOption, optionsSchema } from '../utils/rule-options.ts';
import { CHECKS } from '../../src/model/checks.ts';

export interface NoBrokenIdChainOptions {
  /** The module `guardId` is imported from when the suggestion adds it. */
  importFrom: string;
  /** Also report at each emitted id that breaks an acceptor, as the editor plugin does. */
  emitters: boolean;
}

type MessageIds = 'brokenAcceptor' | 'brokenEmitter' | 'wrapInGuard';

// typescript-eslint hands every file of one project the same program while nothing changes, so the chains are read
// once per program; a new program of the same project (after an edit in an editor running ESLint) reads again only
// the tools of the changed files.
const readings = new WeakMap<ts.Program, ProjectChains>();
const caches = new Map<string, ChainReadCache>();

function chainsOf(program: ts.Program): ProjectChains {
  const known = readings.get(program);
  if (known !== undefined) return known;
  const { root, project, surface } = programToolsOf(program);
  let cache = caches.get(root);
  if (cache === undefined) {
    cache = createChainReadCache();
    caches.set(root, cache);
  }
  const chains = projectChainsOf(project, { cache, surface });
  readings.set(program, chains);
  return chains;
}

function locOf(sourceCode: Readonly<TSESLint.SourceCode>, found: ChainFinding) {
  return {
    start: sourceCode.getLocFromIndex(found.span.start),
    end: sourceCode.getLocFromIndex(found.span.start + found.span.length),
  };
}

export default createRule<[NoBrokenIdChainOptions], MessageIds>({
  name: 'no-broken-id-chain',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-broken-id-chain'].summary,
      config: 'recommended',
      requiresTypeChecking: true,
    },
    hasSuggestions: true,
    schema: optionsSchema({
      importFrom: importFromOption('suggestion'),
      emitters: {
        type: 'boolean',
        description: 'Also report at each emitted id that breaks an acceptor, as the editor plugin does.',
      },
    }),
    defaultOptions: [{ importFrom: DEFAULT_GUARD_MODULE, emitters: false }],
    messages: {
      brokenAcceptor:
        'Broken chain: `{{field}}` of {{tool}} rejects the {{entity}} id {{emitters}} {{emit}} as {{types}}.',
      brokenEmitter: 'Broken chain: {{emitter}} emits the {{entity}} id as {{type}}, which {{acceptors}} {{reject}}.',
      wrapInGuard: 'Wrap `{{field}}` of {{tool}} in {{guard}}(...).',
    },
  },
  create(context, optionList) {
    const { importFrom, emitters } = optionList[0];
    const services = ESLintUtils.getParserServices(context);
    const { sourceCode } = context;
    return {
      'Program:exit'(program) {
        const file = services.esTreeNodeToTSNodeMap.get(program);
        // Positions are the program's: they fit only the text the program was built from.
        if (file.text !== sourceCode.text) return;
        const chains = chainsOf(services.program);
        for (const found of acceptorFindingsOf(chains, file.fileName, 'broken')) {
          const { side } = found;
          const module = fixModuleFor(side.node.getSourceFile().fileName, side.node.getSourceFile().text, importFrom);
          const guard = module === undefined ? undefined : acceptorGuardOf(side, module);
          const data = { field: side.label, tool: side.tool };
          context.report({
            loc: locOf(sourceCode, found),
            messageId: 'brokenAcceptor',
            data: {
              ...data,
              entity: side.field.entity,
              emitters: nameList(found.otherTools, 2),
              emit: found.otherTools.length === 1 ? 'emits' : 'emit',
              types: sortedTypes(new Set(found.chains.flatMap((chain) => chain.from.field.types))).join(' or '),
            },
            suggest:
              guard === undefined || guard.fileName !== file.fileName
                ? []
                : [
                    {
                      messageId: 'wrapInGuard',
                      data: { ...data, guard: guard.guard },
                      fix: (fixer) =>
                        guard.edits.map((edit) => fixer.replaceTextRange([edit.start, edit.end], edit.text)),
                    },
                  ],
          });
        }
        if (!emitters) return;
        for (const found of brokenEmitterFindingsOf(chains, file.fileName)) {
          context.report({
            loc: locOf(sourceCode, found),
            messageId: 'brokenEmitter',
            data: {
              emitter: emitterName(found.side),
              entity: found.side.field.entity,
              type: found.side.type,
              acceptors: nameList(found.otherTools, 2),
              reject: found.otherTools.length === 1 ? 'rejects' : 'reject',
            },
          });
        }
      },
    };
  },
});
