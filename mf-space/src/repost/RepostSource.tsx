/** The reposted yy inside a repost, as a quoted box; or 原yy已被删除 once its author deleted it. */
import { Link, RichText, styled, type Yy } from '@xiaoba/shared';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';
import { YyImages } from '../yy/YyImages';

export const SOURCE_DELETED = '原yy已被删除';

/** The contract leaves the source fields empty (0 / '') when the original is gone. */
export const sourceGone = (yy: Yy) => yy.sourceDeleted || yy.sourceWid <= 0;

export function RepostSource({ yy, ownUid }: { yy: Yy; ownUid: number | undefined }) {
  if (sourceGone(yy)) {
    return (
      <Quote role="group" aria-label="原yy">
        <p className="gone">{SOURCE_DELETED}</p>
      </Quote>
    );
  }
  return (
    <Quote role="group" aria-label={`${yy.sourceName}的原yy`}>
      <p>
        <Link to={spacePath(yy.sourceUid, ownUid)} className="name">
          @{yy.sourceName}
        </Link>
        ：<RichText text={yy.sourceContent} />
      </p>
      <YyImages images={yy.sourceTData} />
      <Small>
        <Time at={yy.sourceCtime} />
      </Small>
    </Quote>
  );
}

export const Quote = styled.div`
  margin: 8px 0 0;
  padding: 8px 12px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-left: 4px solid ${(p) => p.theme.colors.primary};
  border-radius: 0 6px 6px 0;
  /* Panel colours: the pairs every skin is checked for (AA), links included. */
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.text};
  p {
    margin: 0;
    overflow-wrap: anywhere;
    line-height: 1.5;
  }
  .name {
    font-weight: 700;
  }
  .gone {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Small = styled.p`
  margin-top: 4px !important;
  font-size: 13px;
`;
