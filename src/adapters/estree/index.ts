/**
 * The face of the ESTree adapter: the one module the ESLint plugin imports it by. It turns typescript-eslint nodes
 * into model facts; ESTree nodes cross it, since ESLint reports on them.
 */
export { outermostChain, propertyKeyOf } from './chain-position.ts';
export { castSitesIn, defensiveCastOf, type DefensiveCastSite } from './defensive-casts.ts';
export { lastNameOf } from './estree-names.ts';
export { EstreeSchemaReader, importBindingsOf, importsZod, type Coercion } from './from-estree.ts';
export { SchemaRoles } from './schema-roles.ts';
export { unwrap } from './unwrap.ts';
