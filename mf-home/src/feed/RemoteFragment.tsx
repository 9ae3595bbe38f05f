/**
 * A component another remote exposes (a fragment), loaded at run time through the shell's
 * registry (shared's `loadRemoteModule`; ADR 6). Only this area depends on it: while it loads the
 * area says so, and if it fails to arrive (or does not arrive within the shell's 20 s, or throws
 * while rendering) the area shows a failure with 重试, which re-registers the remote and loads it
 * again without a page reload. The rest of the page keeps working throughout.
 *
 * The fragment is a React root of its own in its slot (shared's useUnitRoot and AreaTree), as the
 * server renders it in the other remote's render process: on a server-painted page it hydrates the
 * slot's markup once its module has arrived (docs/adr/0018), and the loading note is not shown.
 */
import { Component, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  AreaTree,
  Button,
  KEEP_MARKUP,
  loadRemoteModule,
  resetRemoteModule,
  styled,
  useRouterContexts,
  useStore,
  useTheme,
  useUnitRoot,
  type Theme,
} from '@xiaoba/shared';
import { SERVER_FRAGMENT_ATTR, SERVER_FRAGMENT_PROPS_ATTR, unitIdPrefix } from '@xiaoba/shared/page-render';
import { Note } from '../ui/Note';

export const FRAGMENT_FAILED = '这一块暂时加载失败了，请检查网络后重试。';

export interface RemoteFragmentProps {
  /** Federation name of the remote, e.g. 'mf_space'. */
  remote: string;
  /** The exposed module, e.g. './feed'; its default export is the component. */
  module: string;
  /** What the area shows, for its loading and failure messages (e.g. 大家的yy). */
  label: string;
  /**
   * Passed to the fragment (e.g. the feed's `source`). Plain values: the fragment starts afresh
   * when they change (page 1 of the other feed), without loading its module again.
   */
  props?: Readonly<Record<string, string | number | boolean>>;
  /** A new value starts the fragment afresh (its page 1) with the same props, without loading again. */
  renewal?: number;
}

type FragmentComponent = ComponentType<Record<string, unknown>>;
type Load = { status: 'loading' } | { status: 'ready'; Fragment: FragmentComponent } | { status: 'failed' };

/** The component a loaded module exports as default, or undefined when it has none. */
function componentOf(module: unknown): FragmentComponent | undefined {
  const value = (module as { default?: unknown } | null | undefined)?.default;
  // Function components, and memo/forwardRef objects.
  if (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)) {
    return value as FragmentComponent;
  }
  return undefined;
}

/** Whether the page came with this fragment's markup from the server (it is hydrated, not loaded in view). */
function paintedSlot(ref: string): boolean {
  if (import.meta.env.SSR) return true;
  const slot = [...document.querySelectorAll(`[${SERVER_FRAGMENT_ATTR}]`)].find((el) => el.getAttribute(SERVER_FRAGMENT_ATTR) === ref);
  return Boolean(slot?.hasChildNodes());
}

export function RemoteFragment({ remote, module, label, props, renewal = 0 }: RemoteFragmentProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [resetting, setResetting] = useState(false);
  const [painted] = useState(() => paintedSlot(`${remote} ${module}`));
  const slotRef = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  const store = useStore();
  const theme = useTheme() as Theme;
  const router = useRouterContexts();

  useEffect(() => {
    if (import.meta.env.SSR) return;
    let live = true;
    setLoad({ status: 'loading' });
    loadRemoteModule(remote, module)
      .then((loaded) => {
        const Fragment = componentOf(loaded);
        if (!Fragment) throw new Error(`${remote} ${module} exports no component`);
        if (live) setLoad({ status: 'ready', Fragment });
      })
      .catch(() => {
        if (live) setLoad({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [remote, module, attempt]);

  // After a successful retry the button is gone: keyboard focus continues in the area it restored.
  useEffect(() => {
    if (load.status !== 'ready' || !retried.current) return;
    retried.current = false;
    slotRef.current?.focus({ preventScroll: true });
  }, [load.status]);

  useUnitRoot(
    slotRef,
    (hydrating, live) => {
      if (load.status !== 'ready') return null;
      const { Fragment } = load;
      const fragment = <Fragment key={`${renewal} ${JSON.stringify(props ?? {})}`} {...props} />;
      return (
        <AreaTree store={store} theme={theme} router={router}>
          <FragmentBoundary key={attempt} onError={() => setLoad({ status: 'failed' })}>
            {hydrating ? live(fragment) : <Suspense fallback={<Note role="status">正在加载{label}…</Note>}>{live(fragment)}</Suspense>}
          </FragmentBoundary>
        </AreaTree>
      );
    },
    {
      idPrefix: unitIdPrefix(remote, module),
      onError: () => setLoad({ status: 'failed' }),
      deps: [load, attempt, renewal, JSON.stringify(props ?? {}), label, store, theme, router],
    },
  );

  async function retry() {
    setResetting(true);
    try {
      await resetRemoteModule(remote);
    } finally {
      setResetting(false);
    }
    retried.current = true;
    setAttempt((n) => n + 1);
  }

  if (load.status === 'failed') {
    return (
      <Failure role="alert">
        <h2>{label}加载失败</h2>
        <p>{FRAGMENT_FAILED}</p>
        <Button type="button" onClick={retry} aria-busy={resetting} disabled={resetting}>
          {resetting ? '正在重试…' : '重试'}
        </Button>
      </Failure>
    );
  }
  // The slot: what the server fills with the other remote's render (signed-in-page.ts finds it by
  // this exact markup), and where the fragment's own root lives in the browser.
  const slotAttributes = { [SERVER_FRAGMENT_ATTR]: `${remote} ${module}`, [SERVER_FRAGMENT_PROPS_ATTR]: JSON.stringify(props ?? {}) };
  return (
    <>
      {load.status === 'loading' && !painted && <Note role="status">正在加载{label}…</Note>}
      <div ref={slotRef} tabIndex={-1} {...slotAttributes} dangerouslySetInnerHTML={KEEP_MARKUP} suppressHydrationWarning />
    </>
  );
}

/** A fragment that throws while rendering fails only its own area, like one that never arrived. */
class FragmentBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const Failure = styled.section`
  padding: 20px 16px;
  text-align: center;
  h2 {
    font-size: 17px;
    margin: 0 0 6px;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
    margin: 0 0 14px;
  }
`;
