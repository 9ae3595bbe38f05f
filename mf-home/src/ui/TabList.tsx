/**
 * Tabs that switch a view in place (/home's 大家的yy / 关注的yy, /search's 用户 / yy): the WAI-ARIA
 * tablist pattern (APG). Arrows, Home and End move focus and select at once; only the selected tab
 * is in the Tab order; the panel below is labelled by it. The caller keeps the selection (in the
 * address) and draws the panel's content as children.
 * Looks like the shared TabNav (a row of tabs over a coloured rule), as buttons; the selected tab is
 * filled and bold, not told by colour alone.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { styled } from '@xiaoba/shared';

export function TabList({
  label,
  tabs,
  selected,
  onSelect,
  panelRef,
  children,
}: {
  /** The tablist's accessible name. */
  label: string;
  /** The tabs, in order. */
  tabs: ReadonlyArray<{ label: string }>;
  selected: number;
  onSelect: (index: number) => void;
  /** Given, the panel can take focus from script (tabIndex -1), e.g. after new content. */
  panelRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (i: number) => `${baseId}-tab${i}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (selected + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (selected + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (to < 0) return;
    event.preventDefault();
    onSelect(to);
    tabRefs.current[to]?.focus();
  }

  return (
    <>
      <Tabs role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            ref={(el) => void (tabRefs.current[i] = el)}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={panelId}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => onSelect(i)}
          >
            {tab.label}
          </button>
        ))}
      </Tabs>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} ref={panelRef} tabIndex={panelRef ? -1 : undefined}>
        {children}
      </div>
    </>
  );
}

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  margin: 0 0 12px;
  border-bottom: 2px solid ${(p) => p.theme.colors.primary};
  button {
    min-height: 40px;
    margin: 0 4px 0 0;
    padding: 9px 16px;
    border: 0;
    border-radius: 8px 8px 0 0;
    font: inherit;
    cursor: pointer;
    color: ${(p) => p.theme.colors.link};
    background: ${(p) => p.theme.colors.panel};
  }
  button:hover {
    text-decoration: underline;
  }
  button[aria-selected='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.onPrimary};
    font-weight: 700;
  }
  button:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
