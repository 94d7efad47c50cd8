/** The face of the packages adapter: what the installed packages next to a file say. */
export { installedMajor } from './installed-version.ts';
export { installedZodMajor } from './installed-zod.ts';
export { agentContractInstallFor, helperSpecifier, runtimeImportFor, type RuntimeImport } from './runtime-import.ts';
