/** Pieces the 日志 pages share: a link that looks like a button, a muted note, the entry's address, the page title. */
import { useEffect } from 'react';
import { Link, PRODUCT_NAME, styled, diaryPath } from '@xiaoba/shared';
import { focusRing } from '../ui/controls';

/** An entry's page: the own entries under /my (where /{ownUid} would only redirect). */
export const entryPath = (uid: number, diaryId: number, ownUid: number | undefined) => (uid === ownUid ? `/my/diary/${diaryId}` : diaryPath(uid, diaryId));

/** The list of a space: `base` is /my or /{uid}. */
export const listPath = (base: string) => `${base}/diary`;

/**
 * Names the page after what it shows (萌萌猫的日志, an entry's title) once it is known; the route
 * table's title (日志) stands until then and in the server's render. Set after the commit's
 * effects, so the shell's route title, set in the same commit, does not cover it.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    queueMicrotask(() => {
      document.title = `${title} - ${PRODUCT_NAME}`;
    });
  }, [title]);
}

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

export const Note = styled.p`
  margin: 12px 0;
  color: ${(p) => p.theme.colors.muted};
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
