/// <reference lib="dom" />
/**
 * Functions that run inside the page (passed to page.evaluate). They measure in the page's own clock, so the
 * figures do not include the round trips between the benchmark process and the browser.
 */

/** Clicks a conversation row and resolves with the ms until its first 15 messages are in the DOM and painted. */
export async function clickToPainted(conversationID: string): Promise<number> {
  const row = document.querySelector<HTMLElement>(`[data-conversation-id="${conversationID}"]`);
  if (!row) throw new Error(`no row ${conversationID}`);
  const started = performance.now();
  row.click();
  await new Promise<void>((resolve, reject) => {
    const deadline = started + 10_000;
    const check = () => {
      const list = document.querySelector<HTMLElement>('[data-testid="message-list"]');
      const rendered = list?.querySelectorAll('[data-testid="message"]').length ?? 0;
      // The list of the conversation clicked (the previous one stays until React renders the switch).
      if (list?.dataset.listOf === conversationID && list.dataset.count === '15' && rendered > 0) resolve();
      else if (performance.now() > deadline) reject(new Error('messages did not render within 10 s'));
      else requestAnimationFrame(check);
    };
    check();
  });
  // The frame that shows them: the next animation frame starts after the browser painted this one.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
}

export interface PagingResult {
  pages: number;
  loaded: number;
  maxMessageNodes: number;
  finalMessageNodes: number;
  maxDomNodes: number;
  longTasks: number[];
  /** The longest gap between two animation frames: a bound on the longest task that also sees those under 50 ms. */
  maxFrameGapMs: number;
  maxPageMs: number;
  durationMs: number;
}

/**
 * From the open conversation's newest page: scroll to the top, click 'view more', wait until the older page is in,
 * until the start of the history. Long tasks (over 50 ms) are observed the whole time.
 */
export async function pageToStart(): Promise<PagingResult> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
  });
  observer.observe({ type: 'longtask', buffered: false });
  let maxFrameGapMs = 0;
  let lastFrame = performance.now();
  let watching = true;
  const watch = (now: number) => {
    maxFrameGapMs = Math.max(maxFrameGapMs, now - lastFrame);
    lastFrame = now;
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const list = document.querySelector<HTMLElement>('[data-testid="message-list"]');
  const scroller = list?.querySelector<HTMLElement>('.pc-messages__scroller');
  if (!list || !scroller) throw new Error('no open message list');
  const started = performance.now();
  let pages = 0;
  let maxMessageNodes = 0;
  let maxDomNodes = 0;
  let maxPageMs = 0;
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  for (;;) {
    scroller.scrollTop = 0;
    await frame();
    const button = list.querySelector<HTMLButtonElement>('[data-testid="view-more"]');
    if (!button) break;
    const before = Number(list.dataset.count);
    const pageStarted = performance.now();
    button.click();
    while (Number(list.dataset.count) === before) {
      if (performance.now() - pageStarted > 10_000) throw new Error(`page ${pages + 1} did not load`);
      await frame();
    }
    await frame();
    maxPageMs = Math.max(maxPageMs, performance.now() - pageStarted);
    pages += 1;
    maxMessageNodes = Math.max(maxMessageNodes, list.querySelectorAll('[data-testid="message"]').length);
    maxDomNodes = Math.max(maxDomNodes, document.getElementsByTagName('*').length);
  }
  await frame();
  watching = false;
  observer.disconnect();
  return {
    pages,
    loaded: Number(list.dataset.count),
    maxMessageNodes,
    finalMessageNodes: list.querySelectorAll('[data-testid="message"]').length,
    maxDomNodes,
    longTasks,
    maxFrameGapMs: Math.round(maxFrameGapMs),
    maxPageMs: Math.round(maxPageMs),
    durationMs: Math.round(performance.now() - started),
  };
}
