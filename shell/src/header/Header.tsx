/** Header navigation of spec section 2. Apps is a placeholder; the search box has no behaviour yet. */
import { useState } from 'react';
import {
  authActions,
  Avatar,
  Link,
  NavLink,
  notify,
  selectUser,
  styled,
  uiActions,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useLogoutMutation,
  useNavigate,
} from '@xiaoba/shared';
import { SkinPicker } from './SkinPicker';

export const LOGOUT_OK = '登出成功！';
export const LOGOUT_FAILED = '遇到错误！请刷新页面再试！';

/** 关注 opens 我的关注; 我的粉丝 is its sibling tab, so 关注 is the current section on both. */
const FOLLOW_PAGES = ['/follows', '/fans'];

export function Header() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onFollowPages = FOLLOW_PAGES.includes(useLocation().pathname);
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const [skinOpen, setSkinOpen] = useState(false);

  function toggleSkinPicker() {
    // Closing the picker from here must not leave a preview on the page: show the saved skin again.
    if (skinOpen) dispatch(uiActions.showSkin(user?.skin ?? ''));
    setSkinOpen(!skinOpen);
  }

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
          <NavLink to="/help">帮助</NavLink>
          {/* The moderation area (mf-admin) exists only for moderators (docs/adr/0014). */}
          {user?.role === 'moderator' && <NavLink to="/admin">管理</NavLink>}
        </Nav>
        <Search role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="site-search" className="visually-hidden">
            搜索
          </label>
          <input id="site-search" type="search" placeholder="搜索好友、yy" autoComplete="off" />
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
  flex: 1 1 160px;
  max-width: 240px;
  input {
    width: 100%;
    padding: 5px 10px;
    border-radius: 16px;
    border: 1px solid rgba(255, 255, 255, 0.6);
    background: rgba(255, 255, 255, 0.95);
    color: #1d2731;
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
