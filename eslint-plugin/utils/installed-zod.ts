// Moved to the shared model, where the audit asks it too.
export { installedZodMajor } from '../../src/adapters/packages/installed-zod.ts';
