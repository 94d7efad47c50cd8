import { describe, expect, it } from 'vitest';
import ts, {
  ENGINE_INSTALL,
  ENGINE_NPX,
  ENGINE_PACKAGE,
  engineFile,
  type FoundPackage,
  pickEngine,
} from '../../../src/adapters/typescript/engine.ts';

// Which TypeScript the command-line tool reads projects with (the bundle points every `typescript` import at this module).

const api = (version: string) => ({ version, createProgram: () => undefined, findConfigFile: () => undefined });
const typescript7 = { version: '7.0.2', versionMajorMinor: '7.0' };

function finder(packages: Record<string, unknown>): (name: string) => FoundPackage | undefined {
  return (name) =>
    name in packages ? { file: `/p/node_modules/${name}/index.js`, exports: packages[name] } : undefined;
}

describe('pickEngine', () => {
  it('takes @typescript/typescript6 before the project typescript, whatever that is', () => {
    const engine = api('6.0.3');
    for (const project of [typescript7, api('5.9.3'), undefined]) {
      const picked = pickEngine(finder({ [ENGINE_PACKAGE]: engine, ...(project ? { typescript: project } : {}) }));
      expect(picked.ts).toBe(engine);
      expect(picked.from).toBe(`/p/node_modules/${ENGINE_PACKAGE}/index.js`);
    }
  });

  it("takes the project's typescript when it has the compiler API (5.x, 6.0)", () => {
    for (const version of ['5.0.4', '6.0.3']) {
      const project = api(version);
      expect(pickEngine(finder({ typescript: project })).ts).toBe(project);
    }
  });

  it('names the install step in one line when the project has TypeScript 7 alone', () => {
    expect(() => pickEngine(finder({ typescript: typescript7 }))).toThrow(
      `the project's typescript is 7.0.2, which has no JavaScript compiler API to read the project with (TypeScript 7 is the Go port); install TypeScript 6 beside it (${ENGINE_INSTALL}) and run again, or run agent-contract beside it from npx, which installs nothing in the project (${ENGINE_NPX})`,
    );
  });

  it('says when the installed @typescript/typescript6 has no compiler API', () => {
    expect(() => pickEngine(finder({ [ENGINE_PACKAGE]: typescript7, typescript: typescript7 }))).toThrow(
      /^@typescript\/typescript6 7\.0\.2 \(.*\) has no TypeScript compiler API/,
    );
  });

  it("with no typescript at all, fails as Node's import would, which the CLI turns into its install line", () => {
    let error: unknown;
    try {
      pickEngine(finder({}));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    expect(String((error as Error).message)).toContain("'typescript'");
  });
});

describe('in this repository', () => {
  it('loads the typescript devDependency (6.0)', () => {
    expect(ts.version).toMatch(/^6\.0\./);
    expect(engineFile).toMatch(/node_modules[\\/]typescript[\\/]/);
  });
});
