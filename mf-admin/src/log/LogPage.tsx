/** /admin/log 操作记录: the audit log, newest first, paged: who did what, to whom, when and why. */
import { useState } from 'react';
import { fullTime, isoTime, Link, Pager, RichText, styled, type ModLogEntry } from '@xiaoba/shared';
import { AdminFrame, Note } from '../frame/AdminFrame';
import { KIND_LABELS, LOG_ACTION_LABELS } from '../labels';
import { useGetModLogQuery } from '../mod-api';

export default function LogPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useGetModLogQuery(page);
  const records = data?.records ?? [];
  return (
    <AdminFrame title="操作记录">
      {isLoading ? (
        <Note role="status">正在加载…</Note>
      ) : isError && !data ? (
        <Note>
          操作记录加载失败。{' '}
          <button type="button" onClick={() => void refetch()}>
            重试
          </button>
        </Note>
      ) : records.length === 0 ? (
        <Note>还没有操作记录。</Note>
      ) : (
        <Scroll>
          <table>
            <caption className="visually-hidden">管理员的操作，最新的在前</caption>
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">管理员</th>
                <th scope="col">操作</th>
                <th scope="col">对象</th>
                <th scope="col">原因</th>
              </tr>
            </thead>
            <tbody>
              {records.map((e) => (
                <LogRow key={e.id} entry={e} />
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      <Pager page={page} pages={data?.pages ?? 0} onChange={setPage} label="操作记录分页" />
    </AdminFrame>
  );
}

function LogRow({ entry: e }: { entry: ModLogEntry }) {
  return (
    <tr>
      <td>
        <time dateTime={isoTime(e.ctime)}>{fullTime(e.ctime)}</time>
      </td>
      <td>
        <Link to={`/admin/user/${e.moderatorUid}`}>{e.moderatorName}</Link>
      </td>
      <td>{LOG_ACTION_LABELS[e.action] ?? e.action}</td>
      <td>
        <Link to={`/admin/user/${e.targetUid}`}>{e.targetName}</Link>
        {e.kind && e.kind !== 'user' && `的${KIND_LABELS[e.kind]}`}
      </td>
      <td>
        <RichText text={e.reason} />
      </td>
    </tr>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    padding: 6px 8px;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    white-space: nowrap;
  }
  td:first-child {
    white-space: nowrap;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
`;
