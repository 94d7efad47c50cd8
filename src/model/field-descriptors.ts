import type { ChainMethod, ObjectExpr, SchemaExpr } from './schema-expr.ts';

/**
 * A schema written as field descriptors, as mcp-framework's tool classes write them: `{ ticketId: { type: z.string(),
 * description: 'The ticket ID' } }`. The framework validates each field with its `type` and publishes its
 * `description`, so it reads as the shape `{ ticketId: z.string().describe('The ticket ID') }`. Undefined unless every
 * property is such a descriptor.
 */
export function fieldDescriptorShapeOf<N>(schema: SchemaExpr<N> | undefined): ObjectExpr<N> | undefined {
  if (schema?.kind !== 'object' || schema.properties.length === 0) return undefined;
  const properties: ObjectExpr<N>['properties'][number][] = [];
  for (const property of schema.properties) {
    const descriptor = property.value;
    if (property.spread || descriptor.kind !== 'object') return undefined;
    const type = descriptor.properties.find((entry) => entry.key === 'type' && !entry.spread)?.value;
    if (type === undefined || (type.kind !== 'zod' && type.kind !== 'guard')) return undefined;
    const description = descriptor.properties.find((entry) => entry.key === 'description' && !entry.spread);
    const described: ChainMethod<N>[] =
      description?.value.kind === 'literal' && typeof description.value.value === 'string'
        ? [{ name: 'describe', args: [description.value], node: description.node }]
        : [];
    properties.push({ ...property, value: { ...type, methods: [...type.methods, ...described] } });
  }
  return { kind: 'object', node: schema.node, properties };
}
