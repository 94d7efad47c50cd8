import ts from 'typescript';

/**
 * The named declaration a type is written as (an interface, a class or a type alias: `ServerTool`, `ToolDefinition`),
 * or undefined for an anonymous object type. Two types with the same origin are the same declared type, whatever type
 * arguments each is given.
 */
export function namedOriginOf(type: ts.Type): ts.Symbol | undefined {
  const origin = type.aliasSymbol ?? type.getSymbol();
  const named = ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.TypeAlias;
  return origin !== undefined && (origin.flags & named) !== 0 ? origin : undefined;
}
