// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnce, RetryLazy } from '../src/layout/retry-lazy.tsx';
import { FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

function Window() {
  return <p data-testid="loaded">the chat window</p>;
}

/** A loader whose first `failures` calls fail as a network error would, then succeed; counts its calls. */
function flakyLoader(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Window };
  });
  return load;
}

async function show(load: () => Promise<{ default: typeof Window }>, language: 'en' | 'zh' = 'en') {
  const view = await renderKit(
    new FakeChat(),
    () => (
      <RetryLazy load={load}>
        {(Loaded) => (
          <Suspense fallback={<p data-testid="loading">…</p>}>
            <Loaded />
          </Suspense>
        )}
      </RetryLazy>
    ),
    { language },
  );
  cleanups.push(view.unmount);
  await view.act();
  return view;
}

describe('code loaded at first use (PERF7)', () => {
  it('PERF7 loadOnce keeps a success and forgets a failure', async () => {
    const load = flakyLoader(1);
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('dynamically imported');
    await expect(once()).resolves.toEqual({ default: Window });
    await expect(once()).resolves.toEqual({ default: Window });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('PERF7 a failed load says so in the page language with a button that tries again; it then shows the part', async () => {
    for (const [language, text, button] of [
      ['en', 'could not be loaded', 'Try again'],
      ['zh', '加载失败', '重试'],
    ] as const) {
      // React reports the error it caught; the boundary is the point of this test.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const view = await show(loadOnce(flakyLoader(1)), language);
      const alert = byTestId('load-failed')[0];
      expect(alert?.getAttribute('role')).toBe('alert');
      expect(alert?.textContent).toContain(text);
      expect(byTestId('loaded')).toHaveLength(0);
      expect(alert?.querySelector('button')?.textContent).toBe(button);
      await view.act(() => alert?.querySelector('button')?.click());
      await view.act();
      expect(byTestId('load-failed')).toHaveLength(0);
      expect(byTestId('loaded')[0]?.textContent).toBe('the chat window');
      quiet.mockRestore();
      for (const fn of cleanups.splice(0)) fn();
    }
  });

  it('PERF7 while failed, the browser coming back online tries again by itself', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await show(loadOnce(flakyLoader(2)));
    expect(byTestId('load-failed')).toHaveLength(1);
    // Still offline at the first 'online' (it fails again), then it arrives.
    await view.act(() => window.dispatchEvent(new Event('online')));
    await view.act();
    expect(byTestId('load-failed')).toHaveLength(1);
    await view.act(() => window.dispatchEvent(new Event('online')));
    await view.act();
    expect(byTestId('loaded')).toHaveLength(1);
    quiet.mockRestore();
  });
});
