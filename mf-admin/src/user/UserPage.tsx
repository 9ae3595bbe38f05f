/**
 * /admin/user/:uid 用户档案: one user as the moderators see them: their standing, the reports
 * against them (open and handled), their content removed by moderators (恢复) and their sanctions,
 * a freeze or ban in force with 解除. Each action in a dialog, the reason required.
 */
import { useState } from 'react';
import {
  Avatar,
  fullTime,
  isoTime,
  Link,
  parseQueryId,
  REPORT_REASONS,
  RichText,
  styled,
  useArchiveMode,
  useParams,
  type ModUserPage,
  type Sanction,
} from '@xiaoba/shared';
import { ActionDialog, type ActionRequest } from '../actions/ActionDialog';
import { AdminFrame, Badge, Note } from '../frame/AdminFrame';
import { KIND_LABELS, ruleLabel, SANCTION_LABELS } from '../labels';
import { useGetModUserQuery } from '../mod-api';
import { TargetView } from '../reports/TargetView';

const STATUS_LABELS = { open: '待处理', dismissed: '已忽略', actioned: '已处理' } as const;

/** A freeze or ban still in force: the ones 解除 applies to. */
export const inForce = (s: Sanction, now = Date.now() / 1000) => s.liftedAt === 0 && (s.kind === 'ban' || (s.kind === 'freeze' && s.until > now));

export default function UserPage() {
  const uid = parseQueryId(useParams().uid);
  const { data, isLoading, isError, refetch } = useGetModUserQuery(uid ?? 0, { skip: uid === null });
  const [request, setRequest] = useState<ActionRequest | null>(null);

  let body;
  if (uid === null) body = <Note>用户不存在</Note>;
  else if (isLoading) body = <Note role="status">正在加载…</Note>;
  else if (isError || !data)
    body = (
      <Note>
        档案加载失败。{' '}
        <button type="button" onClick={() => void refetch()}>
          重试
        </button>
      </Note>
    );
  else body = <Profile page={data} onAction={setRequest} />;

  return (
    <AdminFrame title="用户档案">
      {body}
      {request && <ActionDialog request={request} onClose={() => setRequest(null)} />}
    </AdminFrame>
  );
}

function Profile({ page, onAction }: { page: ModUserPage; onAction: (request: ActionRequest) => void }) {
  const archive = useArchiveMode();
  const { user, reports, removed, sanctions } = page;
  return (
    <Sections>
      <div className="user">
        <span aria-hidden="true">
          <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={48} />
        </span>
        <div>
          <p className="name">
            <Link to={`/${user.uid}`}>{user.name}</Link>（米米号 {user.uid}）{user.role === 'moderator' && <span>· 管理员</span>}
          </p>
          <p>
            {user.bannedAt > 0
              ? `已封禁（${fullTime(user.bannedAt)}，${user.banReason}）`
              : user.frozenUntil > 0
                ? `冻结到 ${fullTime(user.frozenUntil)}`
                : '状态正常'}
          </p>
        </div>
      </div>

      <section aria-labelledby="mod-user-sanctions">
        <h3 id="mod-user-sanctions">处罚记录</h3>
        {sanctions.length === 0 ? (
          <Note>没有处罚记录。</Note>
        ) : (
          <ul>
            {sanctions.map((s) => (
              <li key={s.id}>
                <strong>{SANCTION_LABELS[s.kind]}</strong>
                {s.kind === 'freeze' && <span>（到 {fullTime(s.until)}）</span>}
                {s.rule && <span>：{ruleLabel(s.rule)}</span>}
                <span>
                  。原因：
                  <RichText text={s.reason} />
                </span>
                <span className="meta">
                  {s.byName} 于 <time dateTime={isoTime(s.ctime)}>{fullTime(s.ctime)}</time>
                  {s.liftedAt > 0 && `，已于 ${fullTime(s.liftedAt)} 解除`}
                </span>
                {!archive && inForce(s) && (
                  <button
                    type="button"
                    onClick={() => onAction({ action: 'lift', subject: `${user.name}的${SANCTION_LABELS[s.kind]}`, body: { sanctionId: s.id } })}
                  >
                    解除
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mod-user-removed">
        <h3 id="mod-user-removed">被删除的内容</h3>
        {removed.length === 0 ? (
          <Note>没有被删除的内容。</Note>
        ) : (
          <ul>
            {removed.map((t) => (
              <li key={`${t.kind}:${t.id}`}>
                <TargetView target={t} />
                {!archive && t.removed && (
                  <button
                    type="button"
                    onClick={() =>
                      onAction({ action: 'restore', subject: `${user.name}的${KIND_LABELS[t.kind]}`, body: { target: { kind: t.kind, id: t.id } } })
                    }
                  >
                    恢复
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mod-user-reports">
        <h3 id="mod-user-reports">被举报</h3>
        {reports.length === 0 ? (
          <Note>没有人举报过。</Note>
        ) : (
          <ul>
            {reports.map((r) => (
              <li key={r.id}>
                <strong>{REPORT_REASONS[r.reason] ?? r.reason}</strong>
                <Badge>{STATUS_LABELS[r.status]}</Badge>
                <span className="meta">
                  <Link to={`/admin/user/${r.reporterUid}`}>{r.reporterName}</Link> 于 <time dateTime={isoTime(r.ctime)}>{fullTime(r.ctime)}</time> 举报了
                  {KIND_LABELS[r.target.kind]}
                </span>
                {r.note && (
                  <p className="note">
                    补充说明：
                    <RichText text={r.note} />
                  </p>
                )}
                <TargetView target={r.target} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Sections>
  );
}

const Sections = styled.div`
  .user {
    display: flex;
    gap: 12px;
    align-items: center;
    p {
      margin: 0 0 4px;
    }
    .name {
      font-weight: 700;
    }
  }
  h3 {
    margin: 18px 0 8px;
    font-size: 16px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    padding: 8px 0;
    border-top: 1px solid ${(p) => p.theme.colors.border};
    overflow-wrap: anywhere;
  }
  .meta {
    display: block;
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
  .note {
    margin: 4px 0;
  }
  li > button {
    margin-top: 6px;
    min-height: 32px;
    padding: 3px 14px;
    border-radius: 6px;
    font: inherit;
    cursor: pointer;
    border: 1px solid ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.link};
  }
  li > button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
