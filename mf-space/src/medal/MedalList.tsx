/**
 * A user's medal page (/my/medal, /{id}/medal): each medal of the catalogue with its picture
 * (colour when earned, grey when not), its name, how it is earned, and when it was earned or 未获得.
 */
import { useId } from 'react';
import { RelativeTime, styled, usePageTitle } from '@xiaoba/shared';
import { MEDAL_HOW, MEDALS } from '@xiaoba/shared/space-features';
import type { SpaceOwner } from '../frame/owner';
import { itemSeparator } from '../ui/item';
import { MedalPicture } from './MedalPicture';
import { useGetMedalsQuery } from './medal-api';
import { loadNote } from '../ui/LoadNote';

export function MedalList({ owner, title }: { owner: SpaceOwner; title: string }) {
  usePageTitle(title);
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetMedalsQuery(owner.uid);
  return (
    <Section aria-labelledby={`${id}title`}>
      <h2 id={`${id}title`}>{title}</h2>
      {loadNote({ loading: isLoading, failed: isError && !data, words: { loading: '正在加载勋章…', failed: '勋章加载失败' }, onRetry: refetch }) ?? (
        <>
          <Note>勋章靠自己发表的内容和交到的朋友获得，得到了就一直保留。</Note>
          <List aria-label={title}>
            {MEDALS.map((m) => {
              const entry = data?.find((e) => e.id === m.id);
              const earnedAt = entry?.earned ? entry.earnedAt : null;
              return (
                <li key={m.id}>
                  <MedalPicture medal={m} earned={earnedAt !== null} size={48} />
                  <div>
                    <h3>{m.name}</h3>
                    <p>{MEDAL_HOW[m.id]}</p>
                    <p className="when">
                      {earnedAt !== null ? (
                        <>
                          获得于 <RelativeTime at={earnedAt} />
                        </>
                      ) : (
                        '未获得'
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </List>
        </>
      )}
    </Section>
  );
}

const Section = styled.section`
  h2 {
    margin: 8px 0;
    font-size: 18px;
  }
`;
const Note = styled.p`
  margin: 6px 0 10px;
  color: ${(p) => p.theme.colors.muted};
`;
const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    ${itemSeparator}
    display: flex;
    gap: 12px;
    align-items: flex-start;
  }
  h3 {
    margin: 0;
    font-size: 16px;
  }
  p {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
  .when {
    color: ${(p) => p.theme.colors.muted};
    font-size: 13px;
  }
`;
