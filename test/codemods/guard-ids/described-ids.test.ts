import { expect, it } from 'vitest';
import { guardIdsTransform } from '../../../codemods/guard-ids.ts';

// A field its description alone calls an id (`with_genres`, "Comma-separated genre ids") is read as one by the audit
// (src/model/ids.ts, `isDescribedIdName`); guard-ids guards it too, so the audit's fix line can name the codemod.
it('guards a field whose description says it holds ids of the entity its name names', () => {
  const source = `import { z } from 'zod';
const withGenres = z.string().describe('Comma-separated genre ids (AND)').optional();
server.registerTool('discover', {
  inputSchema: {
    with_genres: withGenres,
    without_genres: z.string().meta({ description: 'Comma-separated genre ids to exclude' }).optional(),
    team: z.string().describe('Team ID or mention'),
    sort_by: z.string().describe('Sort order, e.g. popularity.desc'),
    with_roles: z.string().describe('Comma-separated credit ids, cast roles only'),
    name: z.string().describe('Team ID or name'),
  },
}, cb);
`;
  expect(guardIdsTransform(source, 'server.ts')).toBe(`import { z } from 'zod';
import { guardId } from 'agent-contract';
const withGenres = z.string().describe('Comma-separated genre ids (AND)').optional();
server.registerTool('discover', {
  inputSchema: {
    with_genres: guardId(withGenres),
    without_genres: guardId(z.string().meta({ description: 'Comma-separated genre ids to exclude' })).optional(),
    team: guardId(z.string().describe('Team ID or mention')),
    sort_by: z.string().describe('Sort order, e.g. popularity.desc'),
    with_roles: z.string().describe('Comma-separated credit ids, cast roles only'),
    name: z.string().describe('Team ID or name'),
  },
}, cb);
`);
});

it('guards the elements of a list its description calls ids', () => {
  const source = `import { z } from 'zod';
server.tool('discover', { genres: z.array(z.string()).describe('Genre ids to match') }, cb);
`;
  expect(guardIdsTransform(source, 'server.ts')).toBe(`import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('discover', { genres: z.array(guardId(z.string())).describe('Genre ids to match') }, cb);
`);
});
