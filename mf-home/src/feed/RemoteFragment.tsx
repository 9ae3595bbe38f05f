/**
 * A component another remote exposes (a fragment), loaded at run time through the shell's
 * registry (shared's `loadRemoteModule`; ADR 6). Only this area depends on it: while it loads the
 * area says so, and if it fails to arrive (or does not arrive within the shell's 20 s, or throws
 * while rendering) the area shows a failure with 重试, which re-registers the remote and loads it
 * again without a page reload. The rest of the page keeps working throughout.
 */
import { Component, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button, loadRemoteModule, resetRemoteModule, styled } from '@xiaoba/shared';
import { SERVER_FRAGMENT_ATTR, SERVER_FRAGMENT_PROPS_ATTR } from '@xiaoba/shared/page-render';
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

export function RemoteFragment({ remote, module, label, props, renewal = 0 }: RemoteFragmentProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [resetting, setResetting] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const retried = useRef(false);

  useEffect(() => {
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
    areaRef.current?.focus({ preventScroll: true });
  }, [load.status]);

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

  // The server's render (docs/adr/0016 "Step 3"): an empty slot the site fills with the remote's own
  // render of the fragment, in the wrapper shown below. Vite drops this branch from browser builds.
  if (import.meta.env.SSR) {
    const slot = { [SERVER_FRAGMENT_ATTR]: `${remote} ${module}`, [SERVER_FRAGMENT_PROPS_ATTR]: JSON.stringify(props ?? {}) };
    return <div tabIndex={-1} {...slot} />;
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
  if (load.status === 'loading') {
    return <Note role="status">正在加载{label}…</Note>;
  }
  const { Fragment } = load;
  return (
    <div ref={areaRef} tabIndex={-1}>
      <FragmentBoundary key={attempt} onError={() => setLoad({ status: 'failed' })}>
        <Suspense fallback={<Note role="status">正在加载{label}…</Note>}>
          <Fragment key={`${renewal} ${JSON.stringify(props ?? {})}`} {...props} />
        </Suspense>
      </FragmentBoundary>
    </div>
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
