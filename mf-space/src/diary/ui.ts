/** Pieces the 日志 pages share: a link that looks like a button, the heading row, the entry's address. */
import { diaryPath, Link, styled } from '@xiaoba/shared';
import { focusRing } from '../ui/controls';

/** An entry's page: the own entries under /my (where /{ownUid} would only redirect). */
export const entryPath = (uid: number, diaryId: number, ownUid: number | undefined) => (uid === ownUid ? `/my/diary/${diaryId}` : diaryPath(uid, diaryId));

/** The list of a space: `base` is /my or /{uid}. */
export const listPath = (base: string) => `${base}/diary`;

export const LinkButton = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 4px 14px;
  border-radius: 6px;
  border: 1px solid ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.primary};
  color: ${(p) => p.theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  ${focusRing}
`;

export const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: 0 0 10px;
  h2 {
    margin: 0;
    font-size: 17px;
  }
  h2:focus {
    outline: none;
  }
`;
