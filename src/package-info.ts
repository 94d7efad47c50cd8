import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPackageUp } from './files/find-package.ts';

/** This package's folder and version, read from its package.json whether running from source or from dist/. */
const OWN_PACKAGE = findPackageUp(dirname(fileURLToPath(import.meta.url)), (json) => json['name'] === 'agent-contract');

export const PACKAGE_VERSION: string =
  typeof OWN_PACKAGE?.json['version'] === 'string' ? OWN_PACKAGE.json['version'] : '0.0.0';

/** The package's root folder, or undefined when its package.json cannot be found. */
export const PACKAGE_ROOT: string | undefined = OWN_PACKAGE?.dir;
