import path from 'node:path';
import ts from 'typescript';

/** The extension a relative import takes under a tsconfig: `.ts` where allowed, `.js` under node16/nodenext. */
export function importExtensionOf(tsconfig: string | undefined): '.js' | '.ts' | '' {
  if (tsconfig === undefined) return '';
  const read = ts.readConfigFile(tsconfig, (file) => ts.sys.readFile(file));
  if (read.error !== undefined) return '';
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig), undefined, tsconfig);
  if (options.allowImportingTsExtensions === true || options.rewriteRelativeImportExtensions === true) return '.ts';
  const resolution = options.moduleResolution;
  const nodeNext =
    resolution === ts.ModuleResolutionKind.Node16 ||
    resolution === ts.ModuleResolutionKind.NodeNext ||
    options.module === ts.ModuleKind.Node16 ||
    options.module === ts.ModuleKind.NodeNext;
  return nodeNext ? '.js' : '';
}
