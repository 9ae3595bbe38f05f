/**
 * 黑名单 on /setting/privacy: the users I blocked, newest first, a page at a time, each with 取消拉黑.
 * Blocking itself happens on their space or an item's menu (mf-space); here one only looks and undoes.
 */
import { useId, useState } from 'react';
import {
  Avatar,
  BLOCK_MSG,
  Button,
  errorMessage,
  Link,
  notify,
  Pager,
  RichText,
  styled,
  useBlockListQuery,
  useBlockRemoveMutation,
  type BlockedUser,
  useListPage,
} from '@xiaoba/shared';
import { Refusal, Section } from '../frame/parts';

/** What blocking does, in the contract's words (BLOCK_MSG.blocked without its "已拉黑，"). */
export const BLOCKING_DOES = `拉黑后，${BLOCK_MSG.blocked.replace(/^已拉黑，/, '')}。对方不会收到通知。`;
export const NO_ONE_BLOCKED = '你还没有拉黑任何人';
export const UNBLOCK_FAILED = (name: string, why: string) => `没有取消拉黑${name}：${why}`;

export function BlockList({ uid }: { uid: number }) {
  const id = useId();
  const { page, goTo, fit, headingRef } = useListPage();
  const { data, isLoading, isError, refetch } = useBlockListQuery({ uid, page });
  fit(data?.pages);
  const [unblock] = useBlockRemoveMutation();
  const [busyUid, setBusyUid] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ text: string; attempt: number } | null>(null);

  const remove = async (user: BlockedUser) => {
    if (busyUid !== null) return;
    setRefusal(null);
    setBusyUid(user.uid);
    try {
      await unblock(user.uid).unwrap();
      notify.success(BLOCK_MSG.unblocked);
      // The row and its button go away: keep keyboard focus in the list's place.
      headingRef.current?.focus();
    } catch (error) {
      setRefusal((last) => ({ text: UNBLOCK_FAILED(user.name, errorMessage(error)), attempt: (last?.attempt ?? 0) + 1 }));
    } finally {
      setBusyUid(null);
    }
  };

  return (
    <ListSection aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`} ref={headingRef} tabIndex={-1}>
        黑名单
      </h3>
      <p className="hint">{BLOCKING_DOES}</p>
      {isLoading ? (
        <p role="status">正在加载黑名单…</p>
      ) : isError && !data ? (
        <Refusal role="alert">
          黑名单加载失败{' '}
          <Button type="button" $variant="plain" onClick={() => void refetch()}>
            重试
          </Button>
        </Refusal>
      ) : !data?.records.length ? (
        <p>{NO_ONE_BLOCKED}</p>
      ) : (
        <List aria-labelledby={`${id}title`}>
          {data.records.map((user) => (
            <li key={user.uid}>
              <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={40} fixed />
              <div className="who">
                <Link to={`/${user.uid}`}>{user.name}</Link>
                {user.qianming && <RichText className="signature" text={user.qianming} />}
              </div>
              <Button
                type="button"
                $variant="plain"
                aria-label={`取消拉黑${user.name}`}
                disabled={busyUid === user.uid}
                aria-busy={busyUid === user.uid}
                onClick={() => void remove(user)}
              >
                取消拉黑
              </Button>
            </li>
          ))}
        </List>
      )}
      <Refusal role="alert">{refusal && <span key={refusal.attempt}>{refusal.text}</span>}</Refusal>
      <Pager page={page} pages={data?.pages ?? 0} onChange={goTo} label="黑名单分页" />
    </ListSection>
  );
}

// The heading takes focus after a page change or an unblock only to keep the reader's place.
const ListSection = styled(Section)`
  h3:focus {
    outline: none;
  }
`;

const List = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
  max-width: 560px;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
  }
  .who {
    flex: 1 1 auto;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  .who a {
    color: ${(p) => p.theme.colors.link};
    font-weight: 600;
  }
  .who a:focus-visible,
  button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
  .signature {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
    overflow-wrap: anywhere;
  }
`;
