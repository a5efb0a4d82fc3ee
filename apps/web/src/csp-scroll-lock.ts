import { useLayoutEffect } from 'react';

/**
 * Stands in for `@rc-component/portal`'s useScrollLocker, with which antd's Modal, Drawer, Tour and Image preview
 * lock the page's scroll (vite.config.ts swaps it in). The original inserts a `<style>` element, and another to
 * measure the scrollbar, through `@rc-component/util`'s updateCSS without a CSP nonce: the strict style-src blocks
 * both (rule HDR1, decision 0008). This one sets the same two properties on the body through the CSSOM, which
 * style-src does not govern. Locks nest; the body's own values come back when the last one ends.
 */
let locks = 0;
let saved: { overflowY: string; width: string } | undefined;

function lock(): void {
  locks += 1;
  if (locks > 1) return;
  const { body } = document;
  saved = { overflowY: body.style.overflowY, width: body.style.width };
  // The same test as the original: the page scrolls and its scrollbar takes room, which hiding it would give back.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  const overflowing = body.scrollHeight > window.innerHeight && window.innerWidth > body.offsetWidth;
  body.style.overflowY = 'hidden';
  if (overflowing && scrollbar > 0) body.style.width = `calc(100% - ${scrollbar}px)`;
}

function unlock(): void {
  locks -= 1;
  if (locks > 0 || !saved) return;
  document.body.style.overflowY = saved.overflowY;
  document.body.style.width = saved.width;
  saved = undefined;
}

export default function useScrollLocker(locked?: boolean): void {
  const on = Boolean(locked);
  useLayoutEffect(() => {
    if (!on) return;
    lock();
    return unlock;
  }, [on]);
}
