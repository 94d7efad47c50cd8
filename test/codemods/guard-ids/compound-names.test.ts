import { expect, it } from 'vitest';
import { guardIdsTransform } from '../../../codemods/guard-ids.ts';

// A compound id name (`projectIdOrKey`) names the project by its id part (src/model/ids.ts): a file that holds no
// other id must not be skipped by the file pre-filter, and the field is guarded like `projectId`.
it('guards a compound id name in a file that holds no other id', () => {
  const source = `import { z } from 'zod';
server.tool('get_project', { projectIdOrKey: z.string() }, cb);
`;
  expect(guardIdsTransform(source, 'server.ts')).toBe(`import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('get_project', { projectIdOrKey: guardId(z.string()) }, cb);
`);
});
