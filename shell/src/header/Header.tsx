/**
 * The header's navigation, with 小纸条 and its unread count (ScripLink). Apps is a placeholder. The search box
 * opens /search?q=<words> (mf-home's page); words that cannot be searched (none, or longer than
 * SEARCH_QUERY_MAX) stay in the box with the reason beside it. On /search it shows the words searched.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import {
  authActions,
  Avatar,
  Link,
  NavLink,
  normalizeSearchQuery,
  notify,
  SEARCH_MSG,
  SEARCH_PARAM,
  SEARCH_PATH,
  SEARCH_TAB_PARAM,
  searchTabOf,
  selectUser,
  styled,
  uiActions,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useLogoutMutation,
  useNavigate,
} from '@xiaoba/shared';
import { ScripLink } from './ScripLink';
import { SkinPicker } from './SkinPicker';

export const LOGOUT_OK = '登出成功！';
export const LOGOUT_FAILED = '遇到错误！请刷新页面再试！';

/** 关注 opens 我的关注; 我的粉丝 is its sibling tab, so 关注 is the current section on both. */
const FOLLOW_PAGES = ['/follows', '/fans'];

export function Header() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const onFollowPages = FOLLOW_PAGES.includes(location.pathname);
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const [skinOpen, setSkinOpen] = useState(false);

  function toggleSkinPicker() {
    // Closing the picker from here must not leave a preview on the page: show the saved skin again.
    if (skinOpen) dispatch(uiActions.showSkin(user?.skin ?? ''));
    setSkinOpen(!skinOpen);
  }

  const search = useSearchBox(location);

  async function onLogout() {
    try {
      await logout().unwrap();
      dispatch(authActions.loggedOut());
      notify.success(LOGOUT_OK);
      navigate('/login');
    } catch {
      notify.error(LOGOUT_FAILED);
    }
  }

  return (
    <Bar>
      <Inner>
        <Brand to="/home" aria-label="校巴 个人中心">
          校巴
        </Brand>
        <Nav aria-label="主导航">
          <NavLink to="/home">个人中心</NavLink>
          <NavLink to="/my">我的空间</NavLink>
          <Placeholder type="button" aria-disabled="true" title="应用即将开放">
            应用
          </Placeholder>
          <Link to="/follows" aria-current={onFollowPages ? 'page' : undefined}>
            关注
          </Link>
          <ScripLink />
          <NavLink to="/help">帮助</NavLink>
          {/* The moderation area (mf-admin) exists only for moderators (docs/adr/0014). */}
          {user?.role === 'moderator' && <NavLink to="/admin">管理</NavLink>}
        </Nav>
        <Search role="search" aria-label="站内搜索" onSubmit={search.submit} noValidate>
          <label htmlFor="site-search" className="visually-hidden">
            搜索
          </label>
          <input
            id="site-search"
            type="search"
            placeholder={SEARCH_MSG.placeholder}
            autoComplete="off"
            value={search.value}
            onChange={(e) => search.change(e.target.value)}
            aria-invalid={!!search.error || undefined}
            aria-describedby={search.error ? 'site-search-error' : undefined}
          />
          <ToolButton type="submit">搜索</ToolButton>
          {search.error && (
            <p id="site-search-error" role="alert">
              {search.error}
            </p>
          )}
        </Search>
        <Tools>
          {user && (
            <Hello>
              <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={28} />
              你好，{user.name}
            </Hello>
          )}
          <ToolButton type="button" aria-expanded={skinOpen} aria-controls="skin-picker" onClick={toggleSkinPicker}>
            装扮
          </ToolButton>
          <ToolButton type="button" onClick={onLogout} disabled={loggingOut} aria-busy={loggingOut}>
            退出
          </ToolButton>
        </Tools>
      </Inner>
      {skinOpen && <SkinPicker onClose={() => setSkinOpen(false)} />}
    </Bar>
  );
}

/** The search box's words, synced with /search's `?q=`, and its submit. Kept small: the shell's code loads on every page. */
function useSearchBox({ pathname, search }: { pathname: string; search: string }) {
  const navigate = useNavigate();
  const onSearch = pathname === SEARCH_PATH;
  const params = new URLSearchParams(onSearch ? search : '');
  const shown = params.get(SEARCH_PARAM) ?? '';
  const [value, setValue] = useState(shown);
  const [error, setError] = useState('');
  useEffect(() => {
    if (onSearch) setValue(shown);
  }, [onSearch, shown]);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const checked = normalizeSearchQuery(value);
    setError(checked.ok ? '' : checked.message);
    if (!checked.ok) return;
    // The words as typed (whitespace folded) for the box and the heading; the page searches their
    // normalized form. On /search the tab shown stays.
    const shown = searchTabOf(params);
    const tab = shown === 'user' ? '' : `&${SEARCH_TAB_PARAM}=${shown}`;
    navigate(`${SEARCH_PATH}?${SEARCH_PARAM}=${encodeURIComponent(value.replace(/\s+/gu, ' ').trim())}${tab}`);
  }
  return {
    value,
    error,
    submit,
    change(next: string) {
      setValue(next);
      setError('');
    },
  };
}

const Bar = styled.header`
  position: relative;
  background: ${(p) => p.theme.headerBackground};
  color: ${(p) => p.theme.colors.headerText};
  box-shadow: 0 2px 6px rgba(0, 0, 0, 0.18);
`;
const Inner = styled.div`
  max-width: 1000px;
  margin: 0 auto;
  padding: 6px 12px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  a,
  button {
    color: inherit;
  }
  /* The skins' focus colours are chosen for panels; on the header bar the ring takes the header's
     text colour, which meets AA against every header (skins.test.ts). */
  a:focus-visible,
  button:focus-visible,
  input:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.headerText};
    outline-offset: 2px;
  }
`;
const Brand = styled(NavLink)`
  font-size: 22px;
  font-weight: 800;
  text-decoration: none;
  letter-spacing: 2px;
`;
const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  a,
  button {
    padding: 6px 10px;
    border-radius: 6px;
    text-decoration: none;
    font-size: 15px;
  }
  /* Solid theme colours rather than translucent white: white over the header fell under 4.5:1
     (Lighthouse, default and pinkcat). The current page is a pill in the header's text colour with
     the header colour as its text; hover darkens. Both pairs are checked in skins.test.ts. */
  a[aria-current='page'] {
    background: ${(p) => p.theme.colors.headerText};
    color: ${(p) => p.theme.colors.header};
    font-weight: 700;
  }
  a:not([aria-current='page']):hover {
    background: ${(p) => p.theme.colors.headerHover};
  }
  a[aria-current='page']:hover {
    text-decoration: underline;
  }
`;
const Placeholder = styled.button`
  border: 0;
  background: transparent;
  cursor: not-allowed;
`;
const Search = styled.form`
  position: relative;
  flex: 1 1 200px;
  max-width: 300px;
  display: flex;
  gap: 4px;
  input {
    flex: 1;
    min-width: 0;
    padding: 5px 10px;
    border-radius: 16px;
    border: 1px solid rgba(255, 255, 255, 0.6);
    background: rgba(255, 255, 255, 0.95);
    color: #1d2731;
  }
  /* Below the box, over the page, in the panel's colours (AA in every skin). */
  p {
    position: absolute;
    top: 100%;
    z-index: 20;
    margin: 4px 0 0;
    padding: 4px 10px;
    border: 1px solid ${(p) => p.theme.colors.danger};
    border-radius: 6px;
    background: ${(p) => p.theme.colors.panel};
    color: ${(p) => p.theme.colors.text};
    white-space: nowrap;
  }
`;
const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-left: auto;
`;
const Hello = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 13px;
  margin-right: 4px;
`;
const ToolButton = styled.button`
  border: 1px solid rgba(255, 255, 255, 0.7);
  background: transparent;
  border-radius: 14px;
  padding: 3px 12px;
  cursor: pointer;
  &:hover {
    background: ${(p) => p.theme.colors.headerHover};
  }
`;
