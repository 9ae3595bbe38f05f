/**
 * The side panel's styles, wide and folded. On a phone (PHONE) the panel is a compact header: the
 * parts marked `.folded-part` (whole parts) and `.folded-row` (rows of the facts) are hidden until the panel
 * carries `data-open`; the level, 关注 and 写纸条 share one row. On a wide screen (WIDE) the
 * 更多资料 button is hidden and a `.folded-part` is no box at all, so the panel is laid out as it always was.
 */
import { styled } from '@xiaoba/shared';
import { PHONE, WIDE } from '../frame/breakpoints';
import { controlBox, focusOutline, focusRing } from '../ui/controls';

export const Panel = styled.aside`
  min-width: 0;
  .folded-part {
    display: contents;
  }
  @media ${PHONE} {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    column-gap: 10px;
    > * {
      flex: 1 1 100%;
      min-width: 0;
    }
    &[data-open] .folded-part {
      display: block;
    }
    &:not([data-open]) .folded-part,
    &:not([data-open]) .folded-row {
      display: none;
    }
    /* Folded, the facts are the level alone, on one row with 关注 and 写纸条. */
    &:not([data-open]) > dl {
      display: block;
      flex: 0 1 auto;
      margin: 4px 0;
    }
    > button,
    > a {
      flex: 0 0 auto;
      margin: 4px 0;
    }
  }
`;

export const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  .name {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 2px 6px;
    min-width: 0;
  }
  h1 {
    margin: 0;
    font-size: 21px;
    overflow-wrap: anywhere;
  }
  .face {
    display: contents;
  }
  @media ${PHONE} {
    .face {
      display: block;
      flex: none;
    }
    /* The avatar draws its size inline; a phone's header wants it smaller. */
    .face > [role='img'] {
      width: 56px !important;
      height: 56px !important;
      font-size: 26px !important;
    }
    .name {
      flex: 1 1 auto;
    }
    h1 {
      font-size: 19px;
    }
  }
`;

// Drawn for a phone; a wide screen hides it (outside the media query, so tests see it too).
export const MoreToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  flex: none;
  min-height: 36px;
  margin-left: auto;
  padding: 5px 10px;
  ${controlBox}
  color: ${(p) => p.theme.colors.link};
  font: inherit;
  font-size: 14px;
  cursor: pointer;
  ${focusRing}
  .chevron {
    display: inline-block;
    transition: transform 0.15s;
  }
  &[aria-expanded='true'] .chevron {
    transform: rotate(180deg);
  }
  @media ${WIDE} {
    display: none;
  }
`;

export const Facts = styled.dl<{ $single?: boolean }>`
  display: grid;
  /* Short numbers side by side; dates get a whole row so they never break mid-date. */
  grid-template-columns: ${(p) => (p.$single ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))')};
  gap: 4px 12px;
  margin: 10px 0;
  font-size: 14px;
  div {
    min-width: 0;
  }
  .wide {
    grid-column: 1 / -1;
  }
  dt {
    display: inline;
    color: ${(p) => p.theme.colors.muted};
  }
  dt::after {
    content: '：';
  }
  dd {
    display: ${(p) => (p.$single ? 'block' : 'inline')};
    margin: 0;
    font-weight: 600;
  }
`;

export const Links = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    margin: 8px 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 0 6px 6px 0;
  }
  a {
    display: inline-block;
    min-height: 32px;
    padding: 5px 10px;
    ${controlBox}
    color: ${(p) => p.theme.colors.link};
    font: inherit;
    font-size: 14px;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover {
    border-color: ${(p) => p.theme.colors.primary};
    text-decoration: underline;
  }
  /* The section shown now. */
  a[aria-current='page'] {
    border-color: ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
  }
  a:focus-visible {
    ${focusOutline}
  }
  /* Tighter, so that at 390 px the links fit one row. */
  @media ${PHONE} {
    ul {
      margin: 4px 0 0;
    }
    li {
      margin: 0 4px 4px 0;
    }
    a {
      padding: 5px 7px;
    }
  }
`;
