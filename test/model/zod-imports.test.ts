import { describe, expect, it } from 'vitest';
import { zodModuleOf } from '../../src/model/zod-imports.ts';

describe('zodModuleOf', () => {
  it('names each Zod entry point with its major and whether it is the functional API', () => {
    expect(zodModuleOf('zod')).toMatchObject({ major: undefined, mini: false });
    expect(zodModuleOf('zod/v3')).toMatchObject({ major: 3, mini: false });
    expect(zodModuleOf('zod/v4')).toMatchObject({ major: 4, mini: false });
    for (const mini of ['zod/mini', 'zod/v4-mini', 'zod/v4/mini'])
      expect(zodModuleOf(mini)).toMatchObject({ mini: true });
  });

  it('knows no module by a name every object inherits', () => {
    for (const source of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'zod/v5', 'zodiac'])
      expect(zodModuleOf(source)).toBeUndefined();
  });
});
