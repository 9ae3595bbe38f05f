/**
 * /admin 举报处理: the open reports, newest first, one card per reported target (its words in their
 * context, the reports with reason, note and reporter) with the actions 忽略, 删除内容, 警告, 冻结 and
 * 封禁, each in a dialog. A handled target leaves the queue at once; the list is then asked again.
 */
import { useState } from 'react';
import { Pager, Link, type ModAction, RelativeTime, REPORT_REASONS, type ReportGroup, RichText, styled, useArchiveMode } from '@xiaoba/shared';
import { ActionDialog, type ActionRequest } from '../actions/ActionDialog';
import { AdminFrame, Note } from '../frame/AdminFrame';
import { ACTION_LABELS, KIND_LABELS } from '../labels';
import { useGetReportsQuery } from '../mod-api';
import { TargetView } from './TargetView';

export const EMPTY_QUEUE = '没有待处理的举报。';

const keyOf = (g: ReportGroup) => `${g.target.kind}:${g.target.id}`;

export default function ReportsPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useGetReportsQuery(page);
  const [handled, setHandled] = useState<ReadonlySet<string>>(() => new Set());
  const [request, setRequest] = useState<{ action: ActionRequest; key: string } | null>(null);
  const groups = (data?.records ?? []).filter((g) => !handled.has(keyOf(g)));

  return (
    <AdminFrame title="举报处理">
      {isLoading ? (
        <Note role="status">正在加载…</Note>
      ) : isError && !data ? (
        <Note>
          举报加载失败。{' '}
          <button type="button" onClick={() => void refetch()}>
            重试
          </button>
        </Note>
      ) : groups.length === 0 ? (
        <Note>{EMPTY_QUEUE}</Note>
      ) : (
        <List>
          {groups.map((g) => (
            <li key={keyOf(g)}>
              <GroupCard group={g} onAction={(action) => setRequest({ action, key: keyOf(g) })} />
            </li>
          ))}
        </List>
      )}
      <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label="举报分页" />
      {request && (
        <ActionDialog request={request.action} onClose={() => setRequest(null)} onDone={() => setHandled((prev) => new Set([...prev, request.key]))} />
      )}
    </AdminFrame>
  );
}

function GroupCard({ group, onAction }: { group: ReportGroup; onAction: (request: ActionRequest) => void }) {
  const archive = useArchiveMode();
  const { target, reports } = group;
  const headingId = `report-${target.kind}-${target.id}`;
  const item = `${target.username}的${KIND_LABELS[target.kind]}`;
  const ref = { kind: target.kind, id: target.id };
  const actions: Array<{ action: ModAction; request: ActionRequest }> = [
    { action: 'dismiss', request: { action: 'dismiss', subject: item, body: { target: ref } } },
    // Only an item that is still there can be removed (a space is dealt with by its owner's sanctions).
    ...(target.kind !== 'user' && !target.gone && !target.removed
      ? [{ action: 'remove' as const, request: { action: 'remove' as const, subject: item, body: { target: ref } } }]
      : []),
    ...(['warn', 'freeze', 'ban'] as const).map((action) => ({
      action,
      request: { action, subject: target.username, body: { target: ref, uid: target.uid } },
    })),
  ];
  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId}>
        {item}（{reports.length}条举报）
      </h3>
      <TargetView target={target} />
      <ul className="reports" aria-label="举报">
        {reports.map((r) => (
          <li key={r.id}>
            <strong>{REPORT_REASONS[r.reason] ?? r.reason}</strong>
            {r.note && (
              <span className="note">
                ：<RichText text={r.note} />
              </span>
            )}
            <span className="meta">
              <Link to={`/admin/user/${r.reporterUid}`}>{r.reporterName}</Link> 举报于 <RelativeTime at={r.ctime} />
            </span>
          </li>
        ))}
      </ul>
      {!archive && (
        <div className="actions" role="group" aria-label={`处理${item}`}>
          {actions.map(({ action, request }) => (
            <button key={action} type="button" className={action === 'dismiss' ? 'plain' : action === 'ban' ? 'danger' : ''} onClick={() => onAction(request)}>
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li + li {
    margin-top: 14px;
  }
`;

export const Card = styled.article`
  padding: 12px 14px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 8px;
  h3 {
    margin: 0 0 8px;
    font-size: 16px;
  }
  .reports {
    margin: 8px 0;
    padding-left: 20px;
  }
  .reports li {
    margin: 4px 0;
    overflow-wrap: anywhere;
  }
  .meta {
    margin-left: 8px;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-top: 8px;
  }
  .actions button {
    min-height: 34px;
    padding: 4px 14px;
    border-radius: 6px;
    font: inherit;
    cursor: pointer;
    border: 1px solid ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
  }
  .actions button.plain {
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.link};
  }
  .actions button.danger {
    border-color: ${(p) => p.theme.colors.danger};
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.danger};
  }
  .actions button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
