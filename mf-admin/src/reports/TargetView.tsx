/**
 * What was reported, as the moderator sees it: whose, what kind, the words, where they stand and a
 * link to see them in place. A 小纸条 has no place a moderator may visit: it offers 查看对话 instead.
 * A photo is shown itself.
 */
import { Link, RichText, styled, type ReportedTarget } from '@xiaoba/shared';
import { Badge } from '../frame/AdminFrame';
import { KIND_LABELS } from '../labels';
import { ScripContext } from './ScripContext';

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
      <blockquote>
        {target.imageUrl ? (
          // The reported photo itself, removed or not: the moderator judges the picture, not a description.
          <img className="photo" src={target.imageUrl} alt={`${target.username}的相册里被举报的照片`} loading="lazy" />
        ) : target.content ? (
          <RichText text={target.content} />
        ) : (
          <span className="empty">（没有内容）</span>
        )}
      </blockquote>
      {/* A div: the 小纸条's dialog is rendered beside its button. */}
      {!target.gone && <div className="place">{target.kind === 'scrip' ? <ScripContext scripId={target.id} /> : <Link to={target.href}>在原处查看</Link>}</div>}
    </Box>
  );
}

const Box = styled.div`
  p,
  .place {
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
  .photo {
    display: block;
    max-width: 100%;
    max-height: 240px;
  }
  .empty {
    color: ${(p) => p.theme.colors.muted};
  }
`;
