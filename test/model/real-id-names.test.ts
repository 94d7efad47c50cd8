import { describe, expect, it } from 'vitest';
import { idFieldAt, mayBeIdName, toolNamingOf } from '../../src/model/ids.ts';
import { mayMentionIdName } from '../../src/model/text-shortcuts.ts';

type Row = readonly [tool: string, field: string, entity: string];

/**
 * Id fields that public TypeScript MCP servers accept, with the tool that accepts each and the entity it names: the one
 * the ids other tools of the same server emit for it are named by. Read from the input schemas of
 * getsentry/sentry-mcp@4a109327ef3cc3b20b36ac18edbce68d37010565, nulab/backlog-mcp-server@d312ee4e78e5e3a90f086f3e2a9b4c8e2ffaedef,
 * useshortcut/mcp-server-shortcut@71779fd66a1a6460229accb8284236d7476b5571, mondaycom/mcp@cd3690e5a6d860da53fb13089b6048490b468716,
 * fruggr/zendesk-mcp-server@53396487125a7cd78db172b33361d7b9557e42a3, LiterallyBlah/Dradis-MCP@0b9b6e072f89ffc942580ae1b89f32f6b7360dd8,
 * cswkim/discogs-mcp-server@138c5fae3699cb11ab6815ff9fcb9966f38a0126 and yonaka15/mcp-server-redmine@0fae13049a8ff8519ceab2cbeff601ab67b69fdf.
 */
const REAL_ID_FIELDS: Readonly<Record<string, readonly Row[]>> = {
  'getsentry/sentry-mcp': [
    ['get_profile', 'projectSlugOrId', 'project'],
    ['get_release_details', 'projectSlugOrId', 'project'],
    ['get_dashboard_details', 'dashboardIdOrTitle', 'dashboard'],
    ['get_alert_rule', 'ruleIdOrName', 'rule'],
    ['get_uptime_monitor_details', 'uptimeMonitorId', 'uptime-monitor'],
    ['get_profile_details', 'profilerId', 'profiler'],
    ['get_snapshot', 'snapshotId', 'snapshot'],
    ['search_issue_events', 'issueId', 'issue'],
    ['get_event_attachment', 'attachmentId', 'attachment'],
    ['get_trace_details', 'spanId', 'span'],
    ['get_replay_details', 'replayId', 'replay'],
  ],
  'nulab/backlog-mcp-server': [
    ['get_document_tree', 'projectIdOrKey', 'project'],
    ['add_watching', 'issueIdOrKey', 'issue'],
    ['get_issues', 'parentIssueId', 'issue'],
    ['get_issues', 'createdUserId', 'user'],
    ['get_issues', 'issueTypeId', 'issue-type'],
    ['update_pull_request', 'notifiedUserId', 'user'],
    ['add_related_issue', 'targetIssueId', 'issue'],
    ['remove_related_issue', 'relatedIssueId', 'issue'],
    ['get_issue_comments', 'minId', 'comment'],
    ['get_documents', 'projectIds', 'project'],
    ['addDocument', 'parentId', 'document'],
    ['delete_version', 'id', 'version'],
  ],
  'useshortcut/mcp-server-shortcut': [
    ['stories-get-by-id', 'storyPublicId', 'story'],
    ['epics-get-by-id', 'epicPublicId', 'epic'],
    ['iterations-get-by-id', 'iterationPublicId', 'iteration'],
    ['teams-get-by-id', 'teamPublicId', 'team'],
    ['workflows-get-by-id', 'workflowPublicId', 'workflow'],
    ['labels-get-stories', 'labelPublicId', 'label'],
    ['objectives-get-by-id', 'objectivePublicId', 'objective'],
    ['projects-get-by-id', 'projectPublicId', 'project'],
    ['stories-add-relation', 'relatedStoryPublicId', 'story'],
    ['epics-search', 'epic_state_id', 'epic-state'],
    ['iterations-search', 'team_ids', 'team'],
  ],
  'mondaycom/mcp': [
    ['delete_item', 'itemId', 'item'],
    ['get_board_info', 'boardId', 'board'],
    ['configure_ai_column', 'column_id', 'column'],
    ['create_item', 'parentItemId', 'item'],
    ['create_item', 'duplicateFromItemId', 'item'],
    ['create_folder', 'parentFolderId', 'folder'],
    ['create_doc', 'workspace_id', 'workspace'],
    ['get_sprint_summary', 'sprintId', 'sprint'],
    ['delete_object_schema_columns', 'objectSchemaId', 'object-schema'],
    ['update_workspace', 'id', 'workspace'],
    ['get_board_activity', 'userIds', 'user'],
  ],
  'fruggr/zendesk-mcp-server': [
    ['get_ticket', 'ticket_id', 'ticket'],
    ['update_ticket', 'group_id', 'group'],
    ['get_linked_incidents', 'problem_id', 'problem'],
    ['get_article', 'article_id', 'article'],
  ],
  'LiterallyBlah/Dradis-MCP': [
    ['setProject', 'projectId', 'project'],
    ['getVulnerability', 'vulnerabilityId', 'vulnerability'],
    ['updateContentBlock', 'blockId', 'block'],
  ],
  'cswkim/discogs-mcp-server': [
    ['get_release', 'release_id', 'release'],
    ['get_master_release', 'master_id', 'master'],
    ['get_artist', 'artist_id', 'artist'],
  ],
  'yonaka15/mcp-server-redmine': [
    ['get_issue', 'issue_id', 'issue'],
    ['create_issue', 'fixed_version_id', 'version'],
    ['create_issue', 'parent_issue_id', 'issue'],
  ],
};

const rows = Object.entries(REAL_ID_FIELDS).flatMap(([server, fields]) => {
  const naming = toolNamingOf(fields.map(([tool]) => tool));
  return fields.map(([tool, field, entity]) => ({ server, tool, field, entity, naming }));
});

describe('id fields of real MCP servers', () => {
  it('holds enough rows to speak for real code', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows)('$server: $field in $tool names $entity', ({ tool, field, entity, naming }) => {
    expect(idFieldAt([field], tool, { naming, side: 'input' })?.entity).toBe(entity);
  });

  // The pre-filters front ends run before the naming rules must let every real id through.
  it.each(rows)('$server: $field passes the name and file pre-filters', ({ field }) => {
    expect(mayBeIdName(field)).toBe(true);
    expect(mayMentionIdName(`const shape = { ${field}: z.string() };`)).toBe(true);
  });
});
