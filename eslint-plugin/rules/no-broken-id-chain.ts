import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';
import { fixModuleFor } from '../utils/guard-import.ts';
import {
  emitterName,
  nameList,
  programChainsOf,
  sortedTypes,
  type ChainFinding,
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

function locOf(sourceCode: Readonly<TSESLint.SourceCode>, found: ChainFinding) {
  return {
    start: sourceCode.getLocFromIndex(found.side.span.start),
    end: sourceCode.getLocFromIndex(found.side.span.start + found.side.span.length),
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
        const chains = programChainsOf(services.program);
        for (const found of chains.acceptorFindingsIn(file.fileName, 'broken')) {
          const { side } = found;
          const module = fixModuleFor(file.fileName, file.text, importFrom);
          const guard = module === undefined ? undefined : chains.guardOf(found, module);
          const data = { field: side.label, tool: side.tool };
          context.report({
            loc: locOf(sourceCode, found),
            messageId: 'brokenAcceptor',
            data: {
              ...data,
              entity: side.entity,
              emitters: nameList(found.otherTools, 2),
              emit: found.otherTools.length === 1 ? 'emits' : 'emit',
              types: sortedTypes(new Set(found.others.flatMap((other) => other.side.types))).join(' or '),
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
        for (const found of chains.brokenEmitterFindingsIn(file.fileName)) {
          context.report({
            loc: locOf(sourceCode, found),
            messageId: 'brokenEmitter',
            data: {
              emitter: emitterName(found.side),
              entity: found.side.entity,
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
