import { describe, expect, it } from 'vitest';
import {
  acceptedEntityOf,
  ARRAY_ITEM,
  describedAlternativesOf,
  describesOwnEntity,
  entityOfToolName,
  formatPath,
  idFieldAt,
  isDescribedIdName,
  isIdName,
  isKeyEntity,
  isKeyName,
  isOwnEmittedId,
  keyFieldAt,
  lastKeyOf,
  mayBeRunTogetherIdName,
  NO_TOOL_NAMING,
  scopeOfToolName,
  singularize,
  splitWords,
  toolNamingOf,
  type PathSegment,
} from '../../src/model/ids.ts';

describe('isIdName', () => {
  it.each([
    'id',
    'ID',
    'Id',
    '_id',
    'ticketId',
    'ticket_id',
    'ticketID',
    'ticket-id',
    'ticketIds',
    'ticket_ids',
    'project_iid',
    'mergeRequestIid',
  ])('%s is an id', (name) => expect(isIdName(name)).toBe(true));
  it.each(['valid', 'paid', 'android', 'uuid', 'guid', 'identity', 'idle', 'ideas', 'width', 'hidden', 'ticket', ''])(
    '%s is not an id',
    (name) => expect(isIdName(name)).toBe(false),
  );
});

describe('splitWords and singularize', () => {
  it('splits every naming style into lower-case words', () => {
    expect(splitWords('mergeRequestIID')).toEqual(['merge', 'request', 'iid']);
    expect(splitWords('Ticket-Ids')).toEqual(['ticket', 'ids']);
    expect(splitWords('get_ticket_context')).toEqual(['get', 'ticket', 'context']);
    expect(splitWords('HTTPServerId')).toEqual(['http', 'server', 'id']);
    // An acronym's plural is one word: `IDs`, `PRs`, `URLs`.
    expect(splitWords('userIDs')).toEqual(['user', 'ids']);
    expect(splitWords('targetThreadIDs')).toEqual(['target', 'thread', 'ids']);
    expect(splitWords('openPRsCount')).toEqual(['open', 'prs', 'count']);
    expect(splitWords('getURLs')).toEqual(['get', 'urls']);
  });
  it.each([
    ['tickets', 'ticket'],
    ['replies', 'reply'],
    ['movies', 'movie'],
    ['cookies', 'cookie'],
    ['categories', 'category'],
    ['addresses', 'address'],
    ['branches', 'branch'],
    ['status', 'status'],
    ['series', 'series'],
    ['ids', 'ids'],
    ['statuses', 'status'],
    ['buses', 'bus'],
    ['houses', 'house'],
    ['people', 'person'],
  ])('%s -> %s', (plural, singular) => expect(singularize(plural)).toBe(singular));
});

/** The tool list of microsoft/azure-devops-mcp@7ecd6f77bc33482f2455eb7283217636267291d8. */
const AZURE_DEVOPS_TOOLS = [
  'advsec_get_alerts',
  'advsec_get_alert_details',
  'mcp_apps_ping',
  'pipelines_build',
  'pipelines_build_log',
  'pipelines_definition',
  'pipelines_run',
  'pipelines_artifact',
  'pipelines_write',
  'core_list_project_teams',
  'core_list_projects',
  'core_get_identity_ids',
  'repo_repository',
  'repo_pull_request',
  'repo_pull_request_thread',
  'repo_branch',
  'repo_file',
  'repo_search_commits',
  'repo_pull_request_write',
  'repo_pull_request_thread_write',
  'repo_create_branch',
  'search_code',
  'search_wiki',
  'search_workitem',
  'testplan',
  'testplan_show_test_results_from_build_id',
  'testplan_test_plan_write',
  'testplan_test_suite_write',
  'testplan_test_case_write',
  'wiki',
  'wiki_upsert_page',
  'work',
  'work_iteration_write',
  'work_capacity_write',
  'wit_work_item',
  'wit_query',
  'wit_backlog',
  'wit_work_item_attachment',
  'wit_work_item_write',
  'wit_work_item_comment_write',
  'wit_work_item_link_write',
];

/** Part of the tool list of zereight/gitlab-mcp@32c5df77f0ad3e54aaeb92cd59b9a480b37e675e: verbs first, no namespace. */
const GITLAB_TOOLS = [
  'merge_merge_request',
  'get_merge_request',
  'list_merge_requests',
  'list_group_members',
  'list_project_members',
  'list_commits',
  'get_commit',
  'list_commit_statuses',
  'create_commit_status',
  'list_namespaces',
  'get_namespace',
  'verify_namespace',
  'create_group',
  'get_work_item',
  'list_work_item_statuses',
  'mark_todo_done',
  'get_file_contents',
  'create_or_update_file',
  'get_pipeline_job_output',
  'list_work_item_notes',
  'create_work_item_note_emoji_reaction',
  'convert_work_item_type',
  'list_group_milestones',
  'update_work_item',
];

describe('entityOfToolName', () => {
  it.each([
    ['get_ticket_context', 'ticket'],
    ['list_tickets', 'ticket'],
    ['getCustomer', 'customer'],
    ['draft_reply', 'reply'],
    ['approve_reply', 'reply'],
    ['assign_ticket', 'ticket'],
    ['list', undefined],
  ])('%s works on %s', (tool, entity) => expect(entityOfToolName(tool)).toBe(entity));

  it.each([
    // A list tool's last word is what it lists; the words before it are where it looks.
    ['list_group_members', 'member'],
    ['list_project_members', 'member'],
    ['list_commits', 'commit'],
    // A noun that names nothing without its owner keeps it: a commit status, a merge request, a work item.
    ['list_commit_statuses', 'commit-status'],
    ['create_commit_status', 'commit-status'],
    ['get_merge_request', 'merge-request'],
    ['list_merge_requests', 'merge-request'],
    ['merge_merge_request', 'merge-request'],
    ['get_work_item', 'work-item'],
    ['list_work_item_statuses', 'work-item-status'],
    // What is shown of an entity, or done to it, is not another entity.
    ['get_pipeline_job_output', 'job'],
    ['get_file_contents', 'file'],
    ['create_or_update_file', 'file'],
    ['mark_todo_done', 'todo'],
    ['verify_namespace', 'namespace'],
    ['update_issue_description_patch', 'issue'],
    ['get_pipeline_schedule', 'schedule'],
  ])('gitlab-mcp: %s works on %s', (tool, entity) =>
    expect(entityOfToolName(tool, toolNamingOf(GITLAB_TOOLS))).toBe(entity),
  );

  it.each([
    ['wit_query', 'query'],
    ['wit_work_item', 'work-item'],
    ['wit_work_item_write', 'work-item'],
    ['wit_backlog', 'backlog'],
    ['repo_repository', 'repository'],
    ['repo_pull_request', 'pull-request'],
    ['repo_pull_request_thread', 'thread'],
    ['repo_search_commits', 'commit'],
    ['pipelines_run', 'run'],
    ['pipelines_build_log', 'log'],
    ['pipelines_write', 'pipeline'],
    ['core_list_project_teams', 'team'],
    ['core_get_identity_ids', 'identity'],
    ['testplan_test_case_write', 'test-case'],
    ['testplan_test_suite_write', 'suite'],
    ['wiki', 'wiki'],
  ])('azure-devops-mcp: %s works on %s', (tool, entity) =>
    expect(entityOfToolName(tool, toolNamingOf(AZURE_DEVOPS_TOOLS))).toBe(entity),
  );
});

describe('scopeOfToolName', () => {
  it.each([
    ['list_group_members', 'group'],
    ['list_work_item_notes', 'work-item'],
    ['create_work_item_note_emoji_reaction', 'work-item'],
    ['convert_work_item_type', 'work-item'],
    ['list_commit_statuses', 'commit-status'],
    ['get_ticket_context', 'ticket'],
  ])('a call of %s addresses a %s', (tool, scope) =>
    expect(scopeOfToolName(tool, toolNamingOf(GITLAB_TOOLS))).toBe(scope),
  );

  it('looks behind a namespace prefix', () => {
    expect(scopeOfToolName('wit_work_item_link_write', toolNamingOf(AZURE_DEVOPS_TOOLS))).toBe('work-item');
  });
});

describe('toolNamingOf', () => {
  it('takes a first word that many tools share, followed by nouns, for a namespace', () => {
    expect([...toolNamingOf(AZURE_DEVOPS_TOOLS).namespaces].sort()).toEqual(['pipelines', 'repo', 'testplan', 'wit']);
  });

  it('finds no namespace where tool names start with verbs', () => {
    expect([...toolNamingOf(GITLAB_TOOLS).namespaces]).toEqual([]);
  });

  it('takes a shared first word followed by verbs for the noun itself', () => {
    const naming = toolNamingOf([
      'ticket_create',
      'ticket_get',
      'ticket_search',
      'ticket_query',
      'ticket_reply_create',
    ]);
    expect([...naming.namespaces]).toEqual([]);
    expect(entityOfToolName('ticket_search', naming)).toBe('ticket');
    expect(entityOfToolName('ticket_query', naming)).toBe('ticket');
    expect(entityOfToolName('ticket_reply_create', naming)).toBe('reply');
  });

  it("takes the first word of most of a server's tool names, followed by a verb and its object, for a namespace", () => {
    // The server's name before each tool's own verb and object: `get_booking` is the tool, `lodgify` its server.
    const tools = [
      'acme_list_properties',
      'acme_get_property',
      'acme_get_booking',
      'acme_checkin_booking',
      'acme_daily_rates',
      'list_webhooks',
    ];
    const naming = toolNamingOf(tools);
    expect([...naming.namespaces]).toEqual(['acme']);
    expect(scopeOfToolName('acme_get_booking', naming)).toBe('booking');
    expect(idFieldAt(['id'], 'acme_checkin_booking', { naming, side: 'input' })?.entity).toBe('booking');
    expect(entityOfToolName('acme_daily_rates', naming)).toBe('rate');
  });

  it('keeps a shared noun that a few tools follow with a verb and an object for the noun', () => {
    const naming = toolNamingOf(['ticket_create', 'ticket_get', 'ticket_list_comments', 'ticket_close', 'get_user']);
    expect([...naming.namespaces]).toEqual([]);
    expect(scopeOfToolName('ticket_list_comments', naming)).toBe('ticket');
  });

  it('decides what a lone word after the prefix is: the tool list is the input, not a global', () => {
    expect(entityOfToolName('wit_query', toolNamingOf(AZURE_DEVOPS_TOOLS))).toBe('query');
    expect(entityOfToolName('wit_query', toolNamingOf(['wit_query']))).toBe('wit');
  });
});

describe('idFieldAt names the same entity however the id is spelled', () => {
  it.each([
    [['ticketId'], 'ticket'],
    [['ticket_id'], 'ticket'],
    [['ticket', 'id'], 'ticket'],
    [['tickets', '[]', 'id'], 'ticket'],
    [['data', 'tickets', '[]', 'id'], 'ticket'],
    [['ticket', 'data', 'id'], 'ticket'],
    [['parentTicketId'], 'ticket'],
    [['assignedAgentId'], 'agent'],
    [['ticketIds', '[]'], 'ticket'],
    [['merge_request_iid'], 'merge-request#iid'],
  ])('%j names %s', (path, entity) => expect(idFieldAt(path)?.entity).toBe(entity));

  it('names a bare top-level id by the tool that carries it', () => {
    expect(idFieldAt(['id'], 'get_ticket')?.entity).toBe('ticket');
    expect(idFieldAt(['[]', 'id'], 'list_agents')?.entity).toBe('agent');
    expect(idFieldAt(['id'])).toBeUndefined();
  });

  it('names an emitted bare id after what the tool returns, not where it looks (gitlab-mcp)', () => {
    const output = { naming: toolNamingOf(GITLAB_TOOLS), side: 'output' } as const;
    expect(idFieldAt(['[]', 'id'], 'list_group_members', output)?.entity).toBe('member');
    expect(idFieldAt(['[]', 'id'], 'list_project_members', output)?.entity).toBe('member');
    expect(idFieldAt(['[]', 'id'], 'list_commit_statuses', output)?.entity).toBe('commit-status');
    expect(idFieldAt(['id'], 'create_commit_status', output)?.entity).toBe('commit-status');
    expect(idFieldAt(['[]', 'id'], 'list_work_item_notes', output)?.entity).toBe('note');
  });

  it('names an accepted bare id after what the call addresses, and an accepted list of ids after what it filters', () => {
    const input = { naming: toolNamingOf(GITLAB_TOOLS), side: 'input' } as const;
    expect(idFieldAt(['iid'], 'list_work_item_notes', input)?.entity).toBe('work-item#iid');
    expect(idFieldAt(['iid'], 'create_work_item_note_emoji_reaction', input)?.entity).toBe('work-item#iid');
    expect(idFieldAt(['iid'], 'convert_work_item_type', input)?.entity).toBe('work-item#iid');
    expect(idFieldAt(['iids'], 'list_group_milestones', input)?.entity).toBe('milestone#iid');
    expect(idFieldAt(['id'], 'mark_todo_done', input)?.entity).toBe('todo');
    // A role id relates to what the tool works on: the parent of the tasks it finds (Doist/todoist-ai).
    expect(idFieldAt(['parentId'], 'find-completed-tasks', input)?.entity).toBe('task');
  });

  it('names a bare id after the noun behind a namespace prefix (azure-devops-mcp)', () => {
    const naming = toolNamingOf(AZURE_DEVOPS_TOOLS);
    expect(idFieldAt(['id'], 'wit_query', { naming, side: 'input' })?.entity).toBe('query');
    expect(idFieldAt(['id'], 'wit_query', { naming, side: 'output' })?.entity).toBe('query');
    expect(idFieldAt(['id'], 'wit_work_item', { naming, side: 'output' })?.entity).toBe('work-item');
    expect(idFieldAt(['[]', 'id'], 'wit_work_item', { naming, side: 'output' })?.entity).toBe('work-item');
    expect(idFieldAt(['id'], 'wit_work_item_write', { naming, side: 'output' })?.entity).toBe('work-item');
    expect(idFieldAt(['id'], 'wit_work_item_link_write', { naming, side: 'input' })?.entity).toBe('work-item');
    expect(idFieldAt(['id'], 'testplan_test_case_write', { naming, side: 'input' })?.entity).toBe('test-case');
  });

  it('names a role word standing alone after what holds it: a commit parent is a commit, a namespace parent a namespace', () => {
    const output = { naming: toolNamingOf(GITLAB_TOOLS), side: 'output' } as const;
    expect(idFieldAt(['[]', 'parent_ids', '[]'], 'list_commits', output)?.entity).toBe('commit');
    expect(idFieldAt(['parent_ids', '[]'], 'get_commit', output)?.entity).toBe('commit');
    expect(idFieldAt(['commit', 'parent_ids', '[]'], 'get_tag', output)?.entity).toBe('commit');
    expect(idFieldAt(['commits', '[]', 'parent_ids', '[]'], 'get_branch_diffs', output)?.entity).toBe('commit');
    expect(idFieldAt(['[]', 'parent_id'], 'list_namespaces', output)?.entity).toBe('namespace');
    expect(idFieldAt(['parent_id'], 'verify_namespace', { naming: output.naming, side: 'input' })?.entity).toBe(
      'namespace',
    );
    expect(idFieldAt(['parent', 'id'], 'get_group')?.entity).toBe('group');
    expect(idFieldAt(['parentId'], 'wit_work_item_write', { naming: toolNamingOf(AZURE_DEVOPS_TOOLS) })?.entity).toBe(
      'work-item',
    );
    expect(idFieldAt(['children_to_add', '[]', 'iid'], 'update_work_item')?.entity).toBe('work-item#iid');
  });

  it('names the entity after a preposition inside the name: shared with, created by', () => {
    expect(idFieldAt(['goals', '[]', 'sharedWithEmployeeIds', '[]'], 'list_goals')?.entity).toBe('employee');
    expect(idFieldAt(['createdByUserId'], 'get_note')?.entity).toBe('user');
    expect(idFieldAt(['duplicateFromItemId'], 'create_item')?.entity).toBe('item');
  });

  it('keeps a role word that is followed by the entity it plays the role for', () => {
    expect(idFieldAt(['last_commit_id'], 'create_or_update_file')?.entity).toBe('commit');
    expect(idFieldAt(['target_issue_iid'], 'create_issue_link')?.entity).toBe('issue#iid');
    expect(idFieldAt(['latestBuild', 'id'], 'pipelines_write')?.entity).toBe('build');
    expect(idFieldAt(['startPageId'], 'explore_knowledge_graph')?.entity).toBe('page');
    expect(idFieldAt(['end_commit_id'], 'compare_commits')?.entity).toBe('commit');
  });

  it('names nothing for the endpoint of a relation standing alone: an event target is no event', () => {
    expect(idFieldAt(['[]', 'target_id'], 'list_events')).toBeUndefined();
    expect(idFieldAt(['[]', 'source', 'id'], 'list_links')).toBeUndefined();
  });

  it('keeps an actor word standing alone: an author id names an author', () => {
    expect(idFieldAt(['author_id'], 'list_issues')?.entity).toBe('author');
  });

  it('names an actor word before a last preposition by both words, not by the preposition', () => {
    expect(idFieldAt(['assigned_to_id'], 'search_issues')?.entity).toBe('assigned-to');
    expect(idFieldAt(['issues', '[]', 'assigned_to', 'id'], 'search_issues')?.entity).toBe('assigned-to');
    expect(idFieldAt(['assignedToUserId'], 'search_issues')?.entity).toBe('user');
  });

  it('marks lists of ids', () => {
    expect(idFieldAt(['ticketIds'])?.many).toBe(true);
    expect(idFieldAt(['tickets', '[]', 'id'])?.many).toBe(false);
    expect(idFieldAt(['ticketId'])?.many).toBe(false);
  });

  it('names the entity a reference points to, not the reference', () => {
    expect(idFieldAt(['workItemRefs', '[]', 'id'])?.entity).toBe('work-item');
    expect(idFieldAt(['ticket_ref', 'id'])?.entity).toBe('ticket');
    expect(idFieldAt(['workItemRefIds'])?.entity).toBe('work-item');
    // A reference standing alone is the holder's; a git `ref` is no id at all.
    expect(idFieldAt(['parentReference', 'id'], 'get_page')?.entity).toBe('page');
    expect(idFieldAt(['ref'])).toBeUndefined();
  });

  it('names a base standing alone after itself, and a base commit after the commit', () => {
    expect(idFieldAt(['base_id'], 'get_record')?.entity).toBe('base');
    expect(idFieldAt(['baseCommitId'], 'compare_commits')?.entity).toBe('commit');
  });

  it('names the entity after the last role word, whatever qualifies the role', () => {
    expect(keyFieldAt(['shift2DefaultEmployeeCode'])?.entity).toBe('employee#code');
    expect(idFieldAt(['projectDefaultAssigneeId'])?.entity).toBe('assignee');
  });

  it('names ids to add or remove after what they are, not the edit', () => {
    expect(idFieldAt(['addWorkItemIds'])?.entity).toBe('work-item');
    expect(idFieldAt(['remove_label_ids'])?.entity).toBe('label');
    expect(idFieldAt(['postId'])?.entity).toBe('post');
  });

  it('reads the last part of a namespaced field name (`fields["System.Id"]`)', () => {
    expect(idFieldAt(['results', '[]', 'fields', 'System.Id'], 'search_work_items', { side: 'output' })?.entity).toBe(
      'work-item',
    );
    expect(idFieldAt(['fields', 'Custom.ParentTicketId'])?.entity).toBe('ticket');
  });

  it('returns undefined for a path that does not end in an id', () => {
    expect(idFieldAt(['ticket', 'subject'])).toBeUndefined();
    expect(idFieldAt([])).toBeUndefined();
  });
});

describe('compound id names: "X id or Y", "X slug or id"', () => {
  it.each([
    'workspaceSlugOrId',
    'idOrSlug',
    'slugOrId',
    'projectIdOrKey',
    'userIdOrName',
    'issueIdOrKey',
    'project_id_or_path',
    'ticketIdsOrKeys',
  ])('%s is an id', (name) => expect(isIdName(name)).toBe(true));
  it.each(['nameOrEmail', 'slugOrKey', 'or', 'order', 'idOrder', 'validOrNot'])('%s is not an id', (name) =>
    expect(isIdName(name)).toBe(false),
  );

  it.each([
    ['workspaceSlugOrId', 'workspace'],
    ['projectIdOrKey', 'project'],
    ['userIdOrName', 'user'],
    ['issueIdOrKey', 'issue'],
    ['project_id_or_path', 'project'],
    ['teamKeyOrId', 'team'],
    ['merge_request_iid_or_title', 'merge-request#iid'],
  ])('%s names %s, the entity of its id part', (name, entity) => expect(idFieldAt([name])?.entity).toBe(entity));

  it('pairs a compound acceptor with the plain id another tool emits', () => {
    const emitted = idFieldAt(['workspaceId'], 'list_workspaces', { side: 'output' });
    expect(emitted?.entity).toBe('workspace');
    expect(idFieldAt(['workspaceSlugOrId'], 'list_projects')?.entity).toBe(emitted?.entity);
  });

  it('names a bare compound id like a bare id: by the tool that carries it', () => {
    expect(idFieldAt(['idOrSlug'], 'get_project')?.entity).toBe('project');
    expect(idFieldAt(['idOrSlug'], 'get_project')?.entity).toBe(idFieldAt(['id'], 'get_project')?.entity);
    expect(idFieldAt(['slugOrId'], 'list_work_item_notes', { naming: toolNamingOf(GITLAB_TOOLS) })?.entity).toBe(
      'work-item',
    );
    expect(idFieldAt(['idOrSlug'])).toBeUndefined();
    expect(idFieldAt(['project', 'idOrKey'])?.entity).toBe('project');
  });

  it('marks a compound list of ids', () => {
    expect(idFieldAt(['ticketIdsOrKeys'])).toMatchObject({ entity: 'ticket', many: true });
    expect(idFieldAt(['projectIdOrKey'])?.many).toBe(false);
  });
});

describe('words that qualify an id name no other entity', () => {
  it.each([
    ['storyPublicId', 'story'],
    ['epicPublicId', 'epic'],
    ['parentStoryPublicId', 'story'],
    ['issueShortId', 'issue'],
    ['createdUserId', 'user'],
    ['notifiedUserId', 'user'],
    ['fixed_version_id', 'version'],
  ])('%s names %s', (name, entity) => expect(idFieldAt([name])?.entity).toBe(entity));

  it('names a qualifier or a bound standing alone after what holds it', () => {
    expect(idFieldAt(['publicId'], 'get_story', { side: 'output' })?.entity).toBe('story');
    expect(idFieldAt(['minId'], 'get_issue_comments')?.entity).toBe('comment');
    expect(idFieldAt(['maxId'], 'get_notifications')?.entity).toBe('notification');
  });

  it('keeps a word ending in -ed that is the entity itself', () => {
    expect(idFieldAt(['feedId'])?.entity).toBe('feed');
    expect(idFieldAt(['seed_id'])?.entity).toBe('seed');
    expect(idFieldAt(['embeddedId'], 'get_page')?.entity).toBe('embedded');
  });
});

describe('a field its description calls an id', () => {
  // useshortcut/mcp-server-shortcut: `team: z.string().describe('Team ID or mention (required if no workflow)')` in stories-create.
  it.each([
    ['team', 'Team ID or mention (required if no workflow)', 'team'],
    ['owner', 'Owner user ID', 'user'],
    ['epic', 'Epic ID', 'epic'],
    ['project', 'Project ID or URL-encoded path', 'project'],
    ['status', 'Status name or ID', 'status'],
    ['parent', 'The ID of the parent page', 'page'],
    ['followers', 'IDs of the followers', 'follower'],
    ['merge_request', 'Merge request IID', 'merge-request#iid'],
    // A query filter: the entity follows a preposition, and a brand before it names no entity.
    ['with_genres', 'Comma-separated TMDB genre ids (AND); get ids from list_genres', 'genre'],
    ['without_keywords', 'Comma-separated keyword ids to exclude', 'keyword'],
    ['with_people', 'Comma-separated person ids', 'person'],
    // A qualifier of the id in the second alternative names no entity.
    ['project', 'Project name or numeric id (optional when there is one)', 'project'],
    // A field named for a record's name that also takes its id; an aside in parentheses does not end the clause.
    ['boardName', 'Board name or ID', 'board'],
    ['apiName', 'API name (partial match) or numeric API instance ID from list_api_instances', 'api-instance'],
    // An aside in parentheses, an example with its own full stop, does not end the first clause either.
    ['repo', 'Repository as "owner/name" (e.g. "acme/webapp") or a numeric repo id.', 'repository'],
    ['board', 'The board (see list_boards) ID', 'board'],
  ])('%s described %j names %s', (name, description, entity) =>
    expect(idFieldAt([name], 'stories-create', { description })?.entity).toBe(entity),
  );

  it('reads no id where the name only begins a sentence that ends at one', () => {
    expect(
      idFieldAt(['username'], 'get_user_id_from_username', { description: 'The username you want get the user_id' }),
    ).toBeUndefined();
    expect(idFieldAt(['owner'], 'stories-create', { description: 'Owner user ID' })?.entity).toBe('user');
  });

  it("reads a bare id's entity from a run of a record's name, not from a sentence", () => {
    const entity = (toolName: string, description: string) =>
      idFieldAt(['id'], toolName, { side: 'input', description })?.entity;
    // A sentence before the id: the tool's name says what the id addresses.
    expect(entity('get_thing', 'The username you want get the user_id')).toBe('thing');
    // A clause after "id of the record": the record.
    expect(entity('lookup_ticket', 'Numeric id of the ticket you want to look up')).toBe('ticket');
    expect(entity('update_key_codes', 'Booking ID to update key codes for')).toBe('booking');
  });

  it('takes a filter named by a role for the entity its description names, when the server names that entity', () => {
    const naming = toolNamingOf(['search_people', 'discover_movies'], ['person_id', 'genre_id']);
    const described = (name: string, description: string) =>
      idFieldAt([name], 'discover_movies', { description, naming })?.entity;
    expect(described('with_cast', 'Comma-separated TMDB person ids, restricted to cast (actor) roles')).toBe('person');
    expect(described('with_crew', 'Comma-separated person ids, crew roles only')).toBe('person');
    // The server names no "studio", and a name that is no filter keeps its own words.
    expect(described('with_studios', 'Comma-separated TMDB studio ids')).toBe('studio');
    expect(described('with_labels', 'Comma-separated TMDB distributor ids')).toBeUndefined();
    expect(described('cast', 'Comma-separated person ids')).toBeUndefined();
  });

  it('takes a field whose description opens with the id of an entity the server names as an id of it', () => {
    const naming = toolNamingOf(['list_users', 'create_reply'], ['user_id', 'conversation_id']);
    const described = (name: string, description: string, within = naming) =>
      idFieldAt([name], 'create_reply', { description, naming: within })?.entity;
    expect(described('assignTo', 'User ID to assign the conversation to')).toBe('user');
    expect(described('owner', 'Numeric user ID of the owner')).toBe('user');
    // Words before the id that name no entity, or an entity the server does not name, say nothing of the field.
    expect(described('assignTo', 'Comma-separated user IDs')).toBeUndefined();
    expect(described('assignTo', 'Team ID to assign the conversation to')).toBeUndefined();
    expect(
      described('assignTo', 'User ID to assign the conversation to', toolNamingOf(['create_reply'])),
    ).toBeUndefined();
  });

  it("counts the entities the server's inputs take by their descriptions among the server's entities", () => {
    const naming = toolNamingOf(['discover_movies'], ['with_people', 'genre_id'], ['person', 'season#number']);
    expect([...naming.entities].sort()).toEqual(['genre', 'person']);
  });

  it('takes the entity a person in a role stands for, before a noun: "Assignee user ID" is a user id', () => {
    expect(
      idFieldAt(['assignee'], 'update_work_package', { description: 'Assignee user ID, login, or display name' })
        ?.entity,
    ).toBe('user');
    expect(idFieldAt(['reviewer_user_id'], 'request_review')?.entity).toBe('user');
    expect(idFieldAt(['recipient_user_ids'], 'send_message')?.entity).toBe('user');
    // Alone, the role stays the entity: no holder says who it is.
    expect(idFieldAt(['assignee_id'], 'update_task')?.entity).toBe('assignee');
    expect(idFieldAt(['recipient_id'], 'send_message')?.entity).toBe('recipient');
  });

  it('reads a possessive as the noun it follows: "The item\'s id" is an item\'s', () => {
    expect(idFieldAt(['id'], 'trigger_scan', { description: "The item's id within that service." })?.entity).toBe(
      'item',
    );
    expect(idFieldAt(['id'], 'trigger_scan', { description: 'The film’s id in Radarr' })?.entity).toBe('film');
  });

  it('takes an external id for the system its description names: "TMDB id for movies"', () => {
    expect(
      idFieldAt(['external_id'], 'add_media', { description: 'TMDB id for movies, as an integer string.' })?.entity,
    ).toBe('tmdb');
    expect(idFieldAt(['external_id'], 'add_media')?.entity).toBe('external');
  });

  it("reads `nodes` as a GraphQL connection's list in what a tool gives out, and as records of nodes in an input", () => {
    expect(idFieldAt(['issues', 'nodes', '[]', 'id'], 'list_issues', { side: 'output' })?.entity).toBe('issue');
    expect(idFieldAt(['nodes', '[]', 'id'], 'list_issues', { side: 'output' })?.entity).toBe('issue');
    // A workflow's nodes, written by the agent: no connection wraps an input.
    expect(idFieldAt(['nodes', '[]', 'id'], 'create_workflow', { side: 'input' })?.entity).toBe('node');
    expect(idFieldAt(['edges', '[]', 'id'], 'update_graph', { side: 'input' })?.entity).toBe('edge');
    expect(idFieldAt(['items', '[]', 'id'], 'create_order', { side: 'input' })?.entity).toBe('order');
  });

  describe('a bare id whose description names the tool that gives it out', () => {
    // "as get_subtitles reports it": the id is one of what that tool lists, whatever noun the description uses.
    const naming = toolNamingOf(
      ['get_subtitles', 'trigger_subtitle_search', 'get_requests', 'respond_to_request', 'list_projects', 'search'],
      ['project_id'],
    );
    const described = (tool: string, description: string) => idFieldAt(['id'], tool, { description, naming })?.entity;

    it.each([
      ['trigger_subtitle_search', "The item's id as get_subtitles reports it, as an integer string.", 'subtitle'],
      ['respond_to_request', 'The Seerr request id, as get_requests reported it.', 'request'],
      ['respond_to_request', 'Id of the answer to send; see `get_requests`', 'request'],
    ])('%s described %j takes %s', (tool, description, entity) => expect(described(tool, description)).toBe(entity));

    it('reads a name in capitals the server names nowhere as a system, and takes the record the tool names', () => {
      const known = toolNamingOf(['get_user_story_content', 'get_bug_content'], ['userStoryId', 'bugId']);
      const of = (tool: string, description: string) => idFieldAt(['id'], tool, { description, naming: known })?.entity;
      expect(of('get_user_story_content', 'TP (or tp) ID (e.g. 145789)')).toBe('user-story');
      expect(of('get_bug_content', 'The TP ID of the bug')).toBe('bug');
      // A noun in lower case names the record, known or not; a name in capitals the server knows is that record.
      expect(of('get_user_story_content', 'The invoice ID')).toBe('invoice');
      expect(of('get_user_story_content', 'BUG ID')).toBe('bug');
      // Without a record of the tool's name among the server's, the capitals stay what the id names.
      expect(of('get_release_notes', 'TP ID')).toBe('tp');
    });

    it('keeps a noun the server knows, the tool itself, and words that are no tool name', () => {
      expect(described('respond_to_request', 'The project ID, from get_requests')).toBe('project');
      expect(described('respond_to_request', 'The request id; respond_to_request answers it')).toBe('request');
      expect(described('trigger_subtitle_search', 'The item id to search for')).toBe('item');
    });
  });

  it('marks a described list of ids', () => {
    expect(idFieldAt(['owners'], 'stories-create', { description: 'Owner user IDs' })).toMatchObject({
      entity: 'user',
      many: true,
    });
  });

  it.each([
    ['name', 'Story name'],
    ['query', 'Search query, e.g. an issue ID or a title'],
    ['branch', 'Branch name or commit ID'],
    ['team', 'The team to assign'],
    ['team', 'Team, given by ID'],
    ['team', ''],
    ['with', 'Comma-separated genre ids'],
    ['with_cast', 'Comma-separated person ids, cast roles only'],
    ['boardName', 'Board name (not its ID)'],
    ['name', 'Board name or ID'],
    // The id is the API's, after the preposition; the field is a name that makes it.
    ['singularName', 'Singular name for API ID.'],
  ])('%s described %j is no id', (name, description) =>
    expect(idFieldAt([name], 'stories-create', { description })).toBeUndefined(),
  );

  it.each([
    ['update_key_codes', 'Booking ID to update key codes for', 'booking'],
    ['get_external_bookings', 'Property ID to get external bookings for', 'property'],
    ['get_booking', 'Unique booking/reservation ID to retrieve', 'booking'],
    ['get_comment', 'The ID of the parent page', 'page'],
    // A description that names no entity, or repeats a word of the tool's name, leaves the name to say what the id
    // addresses.
    ['get_bug_content', 'Bug card ID (e.g. 145789)', 'bug'],
    ['get_booking', 'The unique ID', 'booking'],
    ['get_booking', 'ID to retrieve', 'booking'],
    // The words after the last preposition before the id name its entity.
    ['add_link', 'Connect with main entry ID', 'main-entry'],
    // A description that names a word of the tool's name other than what the name's first noun addresses: the
    // words before the verb are an audience or a namespace, and the description says which of the name's nouns it is.
    ['admin_suspend_server', 'Numeric server ID (from admin_list_servers)', 'server'],
    // A word that picks one record ("specific", "particular") names none.
    ['get_time_off_requests', 'Specific request ID to limit the response to', 'request'],
    ['project_get_issue', 'Issue ID', 'issue'],
    ['project_get_issue', 'Project ID', 'project'],
  ])('a bare id input of %s described %j takes a %s id', (tool, description, entity) =>
    expect(idFieldAt(['id'], tool, { side: 'input', description })?.entity).toBe(entity),
  );

  it.each([
    ['resourceId', 'create_test_plan', 'ID of the card to link this test plan to (e.g. 145789)', 'card'],
    ['entityId', 'log_time', 'Bug ID to log the time against', 'bug'],
    ['resourceId', 'create_test_plan', 'The resource to link', 'resource'],
    ['resourceId', 'create_test_plan', '', 'resource'],
  ])('%s of %s described %j takes a %s id', (name, tool, description, entity) =>
    expect(idFieldAt([name], tool, { side: 'input', description })?.entity).toBe(entity),
  );

  it('lets the name decide when the name is an id', () => {
    expect(idFieldAt(['project_id'], 'get_file', { description: 'Project ID or URL-encoded path' })?.entity).toBe(
      'project',
    );
    expect(idFieldAt(['ticketId'], 'get_file', { description: 'The ID of the parent page' })?.entity).toBe('ticket');
  });

  it.each([
    ['card_id', 'get_card', "The card number - the visible ID shown on the board (e.g., '#123')", 'card#number'],
    ['employeeId', 'get_employee', 'Employee code, as printed on the badge', 'employee#code'],
    ['card_id', 'get_card', 'The card ID or number', 'card'],
    ['card_id', 'get_card', 'Page number of the card to show', 'card'],
    ['card_id', 'get_card', 'The board number of the card', 'card'],
    ['card_id', 'get_card', 'The card to move', 'card'],
  ])('%s of %s described %j takes a %s', (name, tool, description, entity) =>
    expect(idFieldAt([name], tool, { side: 'input', description })?.entity).toBe(entity),
  );
});

describe('short and regional forms of a record’s name', () => {
  it.each([
    [['orgId'], 'get_team', 'organization'],
    [['organisations', '[]', 'id'], 'list_organisations', 'organization'],
    [['id'], 'get_organisation', 'organization'],
    [['repo_id'], 'get_commit', 'repository'],
    [['repositories', '[]', 'id'], 'list_repositories', 'repository'],
    [['parentOrgId'], 'get_team', 'organization'],
  ])('names %j of %s after the %s', (path, tool, entity) =>
    expect(idFieldAt(path, tool, { side: path.length > 1 ? 'output' : 'input' })?.entity).toBe(entity),
  );
});

describe('a cursor named by an id: `sinceId`, `after_id`, `max_id`', () => {
  it.each([
    [['sinceId'], 'shopify_list_products', 'product'],
    [['since_id'], 'list_orders', 'order'],
    [['after_id'], 'list_messages', 'message'],
    [['max_id'], 'get_timeline_statuses', 'timeline-status'],
  ])('reads %j of %s as an id of the record the tool lists (%s)', (path, tool, entity) =>
    expect(idFieldAt(path, tool, { side: 'input' })?.entity).toBe(entity),
  );
});

describe('a filter word before the entity: `filter_work_id`, `exclude_tag_ids`, `filter_ids`; one `filter_id` is a filter', () => {
  it.each([
    [['filter_work_id'], 'get_episodes', 'work'],
    [['filterEpisodeId'], 'get_records', 'episode'],
    [['exclude_tag_ids'], 'search_posts', 'tag'],
    [['filter_ids'], 'search_works', 'work'],
    [['only_ids'], 'list_orders', 'order'],
    [['filter_id'], 'search_issues', 'filter'],
    [['search_invoice_id'], 'list_payments', 'invoice'],
    [['search_id'], 'run_saved_search', 'search'],
  ])('reads %j of %s as ids of the %s', (path, tool, entity) =>
    expect(idFieldAt(path, tool, { side: 'input' })?.entity).toBe(entity),
  );
});

describe('acceptedEntityOf: an emitted compound the server does not take, read as its last entity', () => {
  const accepted = new Set(['employee', 'goal', 'time-off-type', 'card#number']);

  it('reads `employee-goal` as a goal when the server takes goals and employees', () => {
    expect(acceptedEntityOf('employee-goal', accepted)).toBe('goal');
    expect(acceptedEntityOf('employee-card#number', new Set([...accepted, 'card']))).toBe('card#number');
  });

  it('keeps an entity the server takes, or one whose first words name nothing it takes', () => {
    expect(acceptedEntityOf('time-off-type', accepted)).toBe('time-off-type');
    expect(acceptedEntityOf('company-goal', accepted)).toBe('company-goal');
    expect(acceptedEntityOf('goal', new Set())).toBe('goal');
  });

  it('reads a compound written as one word or two as the same entity (`TimeSlot`, `timeslot`)', () => {
    const taken = new Set(['timeslot', 'work-item#number']);
    expect(acceptedEntityOf('time-slot', taken)).toBe('timeslot');
    expect(acceptedEntityOf('workitem#number', taken)).toBe('work-item#number');
    // Not across a key: a work item's id is no work item's number.
    expect(acceptedEntityOf('workitem', taken)).toBe('workitem');
    expect(acceptedEntityOf('time-slots', taken)).toBe('time-slots');
  });

  it("reads a tool's emitted `provider` as the `watch-provider` the server takes, when the tool's name says it", () => {
    const taken = new Set(['watch-provider', 'movie']);
    expect(acceptedEntityOf('provider', taken, 'search_watch_providers')).toBe('watch-provider');
    expect(acceptedEntityOf('provider', taken, 'watchProviders')).toBe('watch-provider');
    // Another tool's provider, or a server that takes providers by that name, stays as it is.
    expect(acceptedEntityOf('provider', taken, 'list_providers')).toBe('provider');
    expect(acceptedEntityOf('provider', new Set([...taken, 'provider']), 'search_watch_providers')).toBe('provider');
    expect(acceptedEntityOf('provider', taken)).toBe('provider');
  });
});

describe('formatPath', () => {
  it('prints paths the way reports show them', () => {
    expect(formatPath(['tickets', '[]', 'id'])).toBe('tickets[].id');
    expect(formatPath(['[]', 'id'])).toBe('[].id');
    expect(formatPath(['ticketIds', '[]'])).toBe('ticketIds[]');
  });
});

describe('keyFieldAt: a record’s second keys, besides its id', () => {
  const output = { side: 'output' as const, keys: true };
  const input = { side: 'input' as const, keys: true };

  it.each([
    [['card_number'], 'close_card', input, 'card#number'],
    [['cardNumber'], 'close_card', input, 'card#number'],
    [['cards', '[]', 'number'], 'list_cards', output, 'card#number'],
    [['card', 'number'], 'list_notifications', output, 'card#number'],
    [['number'], 'get_card', output, 'card#number'],
    [['number'], 'get_issue', input, 'issue#number'],
    [['employeeCode'], 'get_attendance_ticket', input, 'employee#code'],
    [['items', '[]', 'employeeCode'], 'list_time_tickets', output, 'employee#code'],
    [['issue_numbers'], 'link_issues', input, 'issue#number'],
    // A pull request is a `pr` for short, and a merge request an `mr`, in one word or in its plural.
    [['pr_number'], 'review', input, 'pull-request#number'],
    [['pullRequestNumber'], 'review', input, 'pull-request#number'],
    [['pr', 'number'], 'list_commits', output, 'pull-request#number'],
    [['prs', '[]', 'number'], 'my_work', output, 'pull-request#number'],
    [['mr_number'], 'review', input, 'merge-request#number'],
  ])('%j of %s names %s', (path, tool, context, entity) => {
    expect(idFieldAt(path, tool, context)?.entity).toBe(entity);
    expect(keyFieldAt(path, tool, context)?.entity).toBe(entity);
  });

  it.each([
    [['page', 'number'], 'list_cards'],
    [['page_number'], 'list_cards'],
    [['phoneNumber'], 'create_contact'],
    [['countryCode'], 'create_contact'],
    [['data', 'number'], 'list_cards'],
    [['from_number'], 'create_phone_call'],
    [['to_number'], 'create_phone_call'],
  ])('%j of %s names no key: a quantity, a standard code, or a key that only wraps a value', (path, tool) => {
    expect(keyFieldAt(path, tool, output)).toBeUndefined();
    expect(idFieldAt(path, tool, output)).toBeUndefined();
  });

  // A field named after a record, whose description says it holds that record's number: `duplicate_post` described
  // "The post number to mark as duplicate" takes a post's number, as `post_number` does.
  it.each([
    ['duplicate_post', 'The post number to mark as duplicate', 'post#number'],
    ['original_post', 'The original post number it duplicates', 'post#number'],
    ['post', 'Post number', 'post#number'],
    ['linked_issues', 'Issue numbers to link, comma-separated', 'issue#number'],
    ['employee', 'Employee code of the approver', 'employee#code'],
    // A field named only as a reference takes the key its description names: a pull request's number.
    ['ref', 'PR number, GitHub PR URL, or owner/repo#N slug (alternative to number).', 'pull-request#number'],
    ['reference', 'Issue number to close', 'issue#number'],
  ])('%s described %j names %s', (name, description, entity) => {
    expect(idFieldAt([name], 'mark_duplicate', { ...input, description })?.entity).toBe(entity);
    expect(keyFieldAt([name], 'mark_duplicate', { ...input, description })?.entity).toBe(entity);
  });

  it.each([
    ['page', 'Page number to fetch'],
    ['phone', 'Phone number of the contact'],
    ['duplicate_post', 'Whether to mark the post as duplicate'],
    ['post', 'The post ID or number'],
    ['author', 'Post number of the author'],
    ['country', 'Country code, ISO 3166'],
    ['ref', 'Git ref: a branch, tag or commit'],
    ['ref', 'Page number of the results'],
  ])('%s described %j names no key', (name, description) => {
    expect(keyFieldAt([name], 'mark_duplicate', { ...input, description })).toBeUndefined();
  });

  it('names the ids of a pull request and a merge request by their short forms too', () => {
    expect(idFieldAt(['mr_iid'], 'review')?.entity).toBe('merge-request#iid');
    expect(idFieldAt(['prIds'], 'review')?.entity).toBe('pull-request');
    expect(idFieldAt(['pullRequestId'], 'review')?.entity).toBe('pull-request');
  });

  it('is asked for: ids alone otherwise, as the lint rules judge them', () => {
    expect(idFieldAt(['card_number'], 'close_card', { side: 'input' })).toBeUndefined();
    expect(isIdName('card_number')).toBe(false);
    expect(isKeyName('card_number')).toBe(true);
    expect(isKeyName('reservationNo')).toBe(true);
    expect(isKeyName('no')).toBe(false);
    expect(isKeyName('roomNo')).toBe(false);
    expect(isKeyEntity('card#number')).toBe(true);
    expect(isKeyEntity('merge-request#iid')).toBe(false);
  });
});

describe("a tool name read with its server's vocabulary of compound entities", () => {
  // The server's own id fields name its compound entities (`teamIterationId`: a team iteration, `testPlanId`: a test
  // plan); a tool name whose nouns hold one names that entity, unless its noun alone is an entity a field names too.
  const naming = toolNamingOf(
    ['get_team_iterations', 'get_test_plan_by_id', 'list_group_members'],
    ['teamIterationId', 'parentTestPlanId', 'groupId', 'user_id'],
  );

  it.each([
    ['get_team_iterations', 'team-iteration'],
    ['get_test_plan_by_id', 'test-plan'],
    ['list_group_members', 'member'],
  ])('%s works on %s', (tool, entity) => {
    expect(entityOfToolName(tool, naming)).toBe(entity);
  });

  it('keeps the noun alone when a field of the server names it', () => {
    const stories = toolNamingOf(['get_user_stories'], ['storyId', 'userStoryId']);
    expect(entityOfToolName('get_user_stories', stories)).toBe('story');
    expect(entityOfToolName('get_user_stories', toolNamingOf(['get_user_stories'], ['userStoryId']))).toBe(
      'user-story',
    );
  });

  it.each([
    ['get_test_plan_by_id', 'test-plan'],
    ['get_test_plan_test_cases_by_id', 'test-plan'],
    ['list_group_members', 'group'],
  ])('%s addresses %s', (tool, scope) => {
    expect(scopeOfToolName(tool, naming)).toBe(scope);
  });

  it('reads a last word that is also a verb as the noun a field names, after a leading verb', () => {
    // `list` ends `create-contact-list` as its object when an input takes a `listId`: the tool creates a list.
    const lists = toolNamingOf(['create-contact-list', 'contacts_list', 'get-contact'], ['listId', 'contactId']);
    expect(entityOfToolName('create-contact-list', lists)).toBe('list');
    expect(entityOfToolName('contacts_list', lists)).toBe('contact');
    expect(entityOfToolName('create-contact-list')).toBe('contact');
  });

  it('names the entities of single words and of tools no field speaks of as before', () => {
    expect(naming.entities).toEqual(new Set(['team-iteration', 'test-plan', 'group', 'user']));
    expect(entityOfToolName('get_team_iterations')).toBe('iteration');
    expect(scopeOfToolName('get_test_plan_by_id')).toBe('test');
    expect(idFieldAt(['id'], 'get_test_plan_by_id', { naming, side: 'input' })?.entity).toBe('test-plan');
    expect(idFieldAt(['[]', 'id'], 'get_team_iterations', { naming, side: 'output' })?.entity).toBe('team-iteration');
  });
});

describe('isDescribedIdName: a field its own description calls an id', () => {
  it("takes a name the description names as the ids' entity, and nothing the server alone could tell", () => {
    expect(isDescribedIdName('with_genres', 'Comma-separated genre ids (AND)')).toBe(true);
    expect(isDescribedIdName('team', 'Team ID or mention')).toBe(true);
    expect(isDescribedIdName('parent', 'The ID of the parent page')).toBe(true);
    // A role the description names no entity of, a name the description does not name, and an id name itself.
    expect(isDescribedIdName('with_cast', 'Comma-separated TMDB person ids')).toBe(false);
    expect(isDescribedIdName('name', 'Team ID or name')).toBe(false);
    expect(isDescribedIdName('sort_by', 'Sort order, e.g. popularity.desc')).toBe(false);
    expect(isDescribedIdName('team_id', 'Team ID')).toBe(false);
  });
});

describe("describedAlternativesOf: the entities an id field's description names besides its own", () => {
  const naming = toolNamingOf(['list_users', 'list_contact_sectors'], ['user_id', 'contact_sector_id', 'assignee_id']);
  const field = (name: string) => {
    const id = idFieldAt([name], 'assign_contact', { naming, side: 'input' });
    if (id === undefined) throw new Error(`${name} is no id field`);
    return id;
  };

  it('names the entities the first clause speaks of, longest first', () => {
    expect(describedAlternativesOf(field('assignee_id'), 'User ID to assign the contact to')).toEqual(['user']);
    expect(describedAlternativesOf(field('contact_branch_ids'), 'Contact sector ids (references sectors)')).toEqual([
      'contact-sector',
      'sector',
    ]);
    expect(describedAlternativesOf(field('ids'), 'Comma-separated user ids')).toContain('user');
  });

  it('names each of two alternatives, and ends the run at a second `of`', () => {
    expect(describedAlternativesOf(field('content_id'), 'The id of the Issue or Pull Request to add.')).toEqual([
      'issue',
      'pull-request',
      'request',
    ]);
    expect(describedAlternativesOf(field('assignee_ids'), 'The IDs of the assignees of the draft issue.')).toEqual([]);
  });

  it('names each of the words a slash joins', () => {
    expect(describedAlternativesOf(field('house_id'), 'House/Property ID')).toEqual(['property']);
    expect(describedAlternativesOf(field('assignee_id'), 'User/member ID')).toEqual(['user', 'member']);
  });

  it('names nothing when the description agrees, speaks of no id, or the field is a bare id', () => {
    expect(describedAlternativesOf(field('user_id'), 'The user ID')).toEqual([]);
    expect(describedAlternativesOf(field('assignee_id'), 'Who gets the contact')).toEqual([]);
    // A bare id's description already named what it takes.
    expect(describedAlternativesOf(field('id'), 'Outgoing user id')).toEqual([]);
  });
});

describe("describesOwnEntity: whether an id field's description names the field's own entity", () => {
  const field = (name: string) => {
    const id = idFieldAt([name], 'upload_file', { side: 'input' });
    if (id === undefined) throw new Error('no id field: ' + name);
    return id;
  };

  it('is true when every word of the entity is said, in any number', () => {
    expect(describesOwnEntity(field('folder_id'), 'Folder ID to upload to')).toBe(true);
    expect(describesOwnEntity(field('contact_sector_id'), 'One of the contact sectors')).toBe(true);
  });

  it('is false when the description names another record, or only part of the entity', () => {
    expect(describesOwnEntity(field('seller_id'), 'The user who sells the item')).toBe(false);
    expect(describesOwnEntity(field('contact_sector_id'), 'A sector id')).toBe(false);
  });
});

describe("isOwnEmittedId: a record's own id, not its reference to another record", () => {
  const naming = toolNamingOf(['list_contacts', 'list_contact_sectors', 'create_ticket'], []);

  it('is true of a bare id and of an id named for what the tool addresses', () => {
    expect(isOwnEmittedId('id', 'contact-sector', 'list_contact_sectors', naming)).toBe(true);
    expect(isOwnEmittedId('ids', 'contact', 'list_contacts', naming)).toBe(true);
    expect(isOwnEmittedId('ticket_id', 'ticket', 'create_ticket', naming)).toBe(true);
  });

  it('is false of an id named for another record than the tool addresses', () => {
    expect(isOwnEmittedId('contact_branch_ids', 'contact-branch', 'list_contacts', naming)).toBe(false);
    expect(isOwnEmittedId('assignee_id', 'assignee', 'create_ticket', naming)).toBe(false);
  });
});

describe('lastKeyOf', () => {
  it.each([
    ['[].contact_ids', 'contact_ids'],
    ['items[].owner.id[]', 'id'],
    ['id', 'id'],
    ['[]', undefined],
  ])('%s -> %s', (path, key) => {
    expect(lastKeyOf(path)).toBe(key);
  });

  it('reads a path given as segments the same way', () => {
    expect(lastKeyOf(['items', ARRAY_ITEM, 'attachment_ids', ARRAY_ITEM])).toBe('attachment_ids');
    expect(lastKeyOf([ARRAY_ITEM])).toBeUndefined();
  });
});

describe("idFieldAt: an operation's answer keyed by the operation's name", () => {
  it('names the record by the words after the verb, up to how it is looked up', () => {
    expect(idFieldAt(['createIssue', 'item', 'id'], 'add_item', { side: 'output' })?.entity).toBe('issue');
    expect(idFieldAt(['addItemById', 'item', 'id'], 'add_item', { side: 'output' })?.entity).toBe('item');
    expect(idFieldAt(['updateProjectCard', 'node', 'id'], 'move_card', { side: 'output' })?.entity).toBe(
      'project-card',
    );
  });

  it('leaves a holder key that is no operation as it was', () => {
    expect(idFieldAt(['issue', 'id'], 'add_item', { side: 'output' })?.entity).toBe('issue');
    expect(idFieldAt(['getter', 'id'], 'add_item', { side: 'output' })?.entity).toBe('getter');
    // A noun that is also a verb leads a record's name.
    expect(idFieldAt(['draftOrder', 'id'], 'complete_draft_order', { side: 'output' })?.entity).toBe('draft-order');
    expect(idFieldAt(['listItems', ARRAY_ITEM, 'id'], 'create_shopping_list', { side: 'output' })?.entity).toBe(
      'list-item',
    );
  });

  it("names the records a list of parts under a record's key holds by that record: a plan's entries", () => {
    const at = (path: readonly PathSegment[]) => idFieldAt(path, 'get_plans', { side: 'output' })?.entity;
    expect(at(['plans', ARRAY_ITEM, 'entries', ARRAY_ITEM, 'id'])).toBe('plan-entry');
    expect(at(['plan', 'entries', ARRAY_ITEM, 'id'])).toBe('plan-entry');
    expect(at(['order', 'items', ARRAY_ITEM, 'id'])).toBe('order-item');
    // A field named for its record keeps its name; a list at the top, or a wrapper that is no list, names no part.
    expect(at(['plan', 'entries', ARRAY_ITEM, 'run_id'])).toBe('run');
    expect(at(['entries', ARRAY_ITEM, 'id'])).toBe('plan');
    expect(at(['plan', 'data', 'id'])).toBe('plan');
    // Under a collection's key, a list is a page of that collection.
    expect(at(['albums', 'items', ARRAY_ITEM, 'id'])).toBe('album');
    expect(at(['TestPlans', 'Items', ARRAY_ITEM, 'Id'])).toBe('test-plan');
    expect(at(['checklists', ARRAY_ITEM, 'items', ARRAY_ITEM, 'id'])).toBe('checklist-item');
  });
});

describe("a key of records given out, named by its last words when only they name the server's entity", () => {
  const naming = toolNamingOf(['get_report', 'filter_conversations'], ['customerIds', 'conversation_id']);
  const entity = (path: readonly (string | typeof ARRAY_ITEM)[], side: 'input' | 'output' = 'output') =>
    idFieldAt(path, 'get_report', { naming, side })?.entity;

  it('reads `topCustomers[].id` as a customer id where an input takes customer ids', () => {
    expect(entity(['report', 'topCustomers', ARRAY_ITEM, 'id'])).toBe('customer');
    expect(entity(['busiestConversations', ARRAY_ITEM, 'id'])).toBe('conversation');
  });

  it('keeps the whole key where the server names no entity of its last words, and on inputs', () => {
    expect(entity(['topArticles', ARRAY_ITEM, 'id'])).toBe('top-article');
    expect(entity(['topCustomers', ARRAY_ITEM, 'id'], 'input')).toBe('top-customer');
    expect(idFieldAt(['topCustomers', ARRAY_ITEM, 'id'], 'get_report', { side: 'output' })?.entity).toBe(
      'top-customer',
    );
  });
});

describe('one lower-case word that runs a noun and `id` together (`signalid`, `deviceid`)', () => {
  it('names the noun its description names as an id, and nothing for a word that only ends in `id`', () => {
    const described = (name: string, description: string) =>
      idFieldAt([name], 'get_heart_signal', { description })?.entity;
    expect(described('signalid', 'ID of the ECG signal to retrieve')).toBe('signal');
    expect(described('deviceid', 'The device ID')).toBe('device');
    expect(described('grpids', 'Measure group ids, comma-separated')).toBeUndefined();
    expect(described('android', 'Android app version (the device ID is not needed)')).toBeUndefined();
    expect(described('valid', 'Only valid signals')).toBeUndefined();
    expect(isDescribedIdName('signalid', 'ID of the ECG signal to retrieve')).toBe(true);
    expect(isIdName('signalid')).toBe(false);
  });

  it("names the noun where the server's own id fields name it, on either side, and nothing where they do not", () => {
    const naming = toolNamingOf(['list_heart_records', 'get_heart_signal'], ['signal_id']);
    expect(idFieldAt(['series', ARRAY_ITEM, 'signalid'], 'list_heart_records', { side: 'output', naming })).toEqual({
      path: ['series', ARRAY_ITEM, 'signalid'],
      name: 'signalid',
      entity: 'signal',
      many: false,
    });
    expect(idFieldAt(['signalid'], 'get_heart_signal', { naming })?.entity).toBe('signal');
    expect(idFieldAt(['series', ARRAY_ITEM, 'signalid'], 'list_heart_records', { side: 'output' })).toBeUndefined();
    expect(idFieldAt(['deviceid'], 'get_heart_signal', { naming })).toBeUndefined();
    expect(mayBeRunTogetherIdName('signalid')).toBe(true);
    expect(mayBeRunTogetherIdName('signalId')).toBe(false);
  });
});

describe('an acronym glued to `ID` in a description (`VMID`, `TXID`)', () => {
  const described = (name: string, description: string, naming = NO_TOOL_NAMING) =>
    idFieldAt([name], 'restore_backup', { description, naming })?.entity;

  it('reads the acronym as the entity whose id the field takes', () => {
    expect(described('vmid', 'Target VMID for the restored guest.')).toBe('vm');
    expect(described('vmid', "Only verify this VMID's latest backup.")).toBe('vm');
    expect(described('txid', 'TXID of the payment to look up')).toBe('tx');
    expect(isDescribedIdName('vmid', 'VMID for the new VM (must be free).')).toBe(true);
  });

  it('reads a field described "VMID or name" as taking that id where the server\'s fields name it', () => {
    const naming = toolNamingOf(['guest_status', 'restore_backup'], [], ['vm']);
    expect(described('guest', 'VMID or name of the VM/container.', naming)).toBe('vm');
    expect(described('guest', 'VMID or name of the VM/container.')).toBeUndefined();
    expect(described('guest', 'Source VMID or name (often a template).', naming)).toBe('vm');
    expect(idFieldAt(['guests'], 'orchestrate_patching', { description: 'VMIDs/names to patch', naming })).toEqual({
      path: ['guests'],
      name: 'guests',
      entity: 'vm',
      many: true,
    });
  });

  it('splits no id format and no word written in capitals', () => {
    expect(described('key', 'UUID of the key')).toBeUndefined();
    expect(described('key', 'GUID of the key')).toBeUndefined();
    expect(described('mode', 'AVOID this unless VALID')).toBeUndefined();
    expect(described('paid', 'PAID invoices only')).toBeUndefined();
  });
});
