/** What was reported, as the moderator sees it: whose, what kind, the words, where they stand and a link to see them in place. */
import { Link, RichText, styled, type ReportedTarget } from '@xiaoba/shared';
import { KIND_LABELS } from '../labels';

export function TargetView({ target }: { target: ReportedTarget }) {
  return (
    <Box>
      <p className="who">
        <Link to={`/admin/user/${target.uid}`}>{target.username}</Link>的{KIND_LABELS[target.kind]}
        {target.removed && <Badge>已删除</Badge>}
        {target.gone && <Badge>作者已删除</Badge>}
      </p>
      {target.context && (
        <p className="context">
          <RichText text={target.context} />
        </p>
      )}
      <blockquote>{target.content ? <RichText text={target.content} /> : <span className="empty">（没有内容）</span>}</blockquote>
      {!target.gone && (
        <p className="place">
          <Link to={target.href}>在原处查看</Link>
        </p>
      )}
    </Box>
  );
}

const Box = styled.div`
  p {
    margin: 0 0 4px;
  }
  .who {
    font-weight: 600;
  }
  .context,
  .place {
    font-size: 14px;
    color: ${(p) => p.theme.colors.muted};
  }
  blockquote {
    margin: 6px 0;
    padding: 8px 12px;
    border-left: 4px solid ${(p) => p.theme.colors.primary};
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .empty {
    color: ${(p) => p.theme.colors.muted};
  }
`;

export const Badge = styled.span`
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 8px;
  font-size: 12px;
  font-weight: 400;
  background: ${(p) => p.theme.colors.danger};
  color: ${(p) => p.theme.colors.panel};
`;
