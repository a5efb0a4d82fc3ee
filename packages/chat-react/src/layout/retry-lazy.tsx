/**
 * Code loaded at first use (PERF4) may fail to arrive: the network is down at that moment, or a deploy replaced the
 * hashed files. A failed load is not kept (the next attempt asks again), a boundary shows what happened with a way to
 * try again, and the browser coming back online tries by itself (PERF7).
 */
import { Component, type ComponentType, lazy, type ReactNode, useMemo, useState } from 'react';
import { useT } from '../hooks/use-t.ts';

/** `load`, once at a time and kept once it succeeded; a failure is forgotten so the next call loads again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

interface BoundaryProps {
  onRetry: () => void;
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches the failed load of its lazy child; while failed, the browser coming back online tries again. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  private readonly online = () => this.props.onRetry();
  override componentDidUpdate(): void {
    if (this.state.failed) window.addEventListener('online', this.online);
  }
  override componentWillUnmount(): void {
    window.removeEventListener('online', this.online);
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** What a failed load shows: the reason and a button that tries again. */
function LoadFailed({ onRetry, overlay }: { onRetry: () => void; overlay: boolean }) {
  const t = useT();
  return (
    <div
      className={overlay ? 'pc-load-failed pc-load-failed--overlay' : 'pc-chat pc-chat--empty'}
      role="alert"
      data-testid="load-failed"
    >
      <p>{t('chat.loadFailed')}</p>
      <button type="button" className="pc-link" onClick={onRetry}>
        {t('chat.retryLoad')}
      </button>
    </div>
  );
}

/**
 * A lazily loaded component that survives a failed load: `render` gets the component to use (a new one per attempt,
 * since React keeps a lazy component's failure), and the result is shown inside the boundary.
 */
export function RetryLazy<P extends object>({
  load,
  overlay = false,
  children,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Whether a failure shows as a floating notice (over the page) rather than in the chat column. */
  overlay?: boolean;
  children: (Loaded: ComponentType<P>) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lazy component for every attempt is the point.
  const Loaded = useMemo(() => lazy(load), [load, attempt]);
  const retry = () => setAttempt((n) => n + 1);
  return (
    <LoadBoundary key={attempt} onRetry={retry} fallback={<LoadFailed onRetry={retry} overlay={overlay} />}>
      {children(Loaded)}
    </LoadBoundary>
  );
}
