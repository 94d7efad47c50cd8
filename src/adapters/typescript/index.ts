/**
 * The face of the TypeScript adapter: the one module outside code imports it by.
 */
export { castSitesOf, type CastSite } from './defensive-casts.ts';
