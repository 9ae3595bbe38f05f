/**
 * A row of tab links. They navigate (they are links, not ARIA tabs); NavLink marks the current one
 * with aria-current="page". Margins instead of flex `gap`, which old phone browsers lack.
 */
import { NavLink, styled } from '../libraries';

export interface TabLink {
  to: string;
  label: string;
  /** Current on its own path only (default); false: on the paths below it too (/system/scrip/100002). */
  end?: boolean;
}

export function TabNav({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <Nav aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink to={tab.to} end={tab.end ?? true}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}

const Nav = styled.nav`
  margin: 0 0 12px;
  border-bottom: 2px solid ${(p) => p.theme.colors.primary};
  ul {
    display: flex;
    flex-wrap: wrap;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 0 4px 0 0;
  }
  a {
    display: block;
    min-height: 40px;
    padding: 9px 16px;
    border-radius: 8px 8px 0 0;
    text-decoration: none;
    color: ${(p) => p.theme.colors.link};
    background: ${(p) => p.theme.colors.panel};
  }
  a:hover {
    text-decoration: underline;
  }
  a[aria-current='page'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
  }
`;
