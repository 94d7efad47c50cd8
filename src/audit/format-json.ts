import path from 'node:path';
import type { AuditReport } from './audit.ts';

/** The version of the JSON document `--format json` prints; docs/audit-json.md describes it. Bumped on any breaking change. */
export const AUDIT_JSON_VERSION = 3;

export interface AuditJson extends Omit<AuditReport, 'project'> {
  readonly version: typeof AUDIT_JSON_VERSION;
  readonly project: Omit<AuditReport['project'], 'root'> & {
    /** The audited folder, relative to where the command ran (`.` for that folder itself). */
    readonly path: string;
  };
}

/** The report as the stable JSON document: paths relative to the audited folder, the folder relative to `cwd`. */
export function auditJson(report: AuditReport, cwd: string = process.cwd()): AuditJson {
  const { root, ...project } = report.project;
  const relative = path.relative(cwd, root).split(path.sep).join('/');
  return { version: AUDIT_JSON_VERSION, ...report, project: { path: relative === '' ? '.' : relative, ...project } };
}

/** `accepted`: what a baseline or the configuration's `ignore` entries took out of the report (docs/audit-json.md). */
export function formatAuditJson(report: AuditReport, cwd?: string, accepted?: object): string {
  return `${JSON.stringify({ ...auditJson(report, cwd), ...(accepted === undefined ? {} : { accepted }) }, null, 2)}\n`;
}
