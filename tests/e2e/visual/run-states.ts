import { type Browser, type BrowserContext, type Page, test } from '@playwright/test';
import { expectAccessible, expectLaidOut, expectPicture, openContext } from './guards.ts';
import { type Account, parseVariant, type State } from './variants.ts';

type Login = { account: string; password: string } | null;

/**
 * One test per state × variant (VIS1), ordered by variant and account so one browser context serves a run of
 * states: each state loads its path afresh in that context and walks to itself.
 */
export function guardStates(options: {
  states: readonly State[];
  logins: Record<Account, Login>;
  stage?: (browser: Browser, request: import('@playwright/test').APIRequestContext) => Promise<void>;
}): void {
  // Not serial: a failing state must not skip the rest. Its worker restarts and runs beforeAll again, which the
  // idempotent staging allows.
  test.describe.configure({ mode: 'default' });
  const cases = options.states
    .flatMap((state) => state.variants.map((variant) => ({ state, variant })))
    .sort((a, b) => `${a.variant}|${a.state.account}`.localeCompare(`${b.variant}|${b.state.account}`));
  let open: { key: string; context: BrowserContext; page: Page } | undefined;

  test.beforeAll(async ({ browser, request }) => {
    // Staging is idempotent; generous limits for a busy machine, no step waits on a clock.
    test.setTimeout(300_000);
    await options.stage?.(browser, request);
  });
  test.afterAll(async () => {
    await open?.context.close();
    open = undefined;
  });

  for (const { state, variant } of cases) {
    test(`VIS1 ${state.name} (${variant}): picture, accessibility and layout`, async ({ browser }) => {
      const bug = state.knownBug?.[variant];
      test.fail(bug !== undefined, bug);
      const key = `${variant}|${state.account}`;
      if (open?.key !== key) {
        await open?.context.close();
        open = { key, ...(await openContext(browser, variant, options.logins[state.account])) };
      }
      const { page } = open;
      const { language, device } = parseVariant(variant);
      await page.goto(state.path);
      await state.reach?.(page, language, device);
      await expectPicture(page, state, variant);
      await expectLaidOut(page, state);
      if (device === 'phone') {
        // VIS9: the narrowest phone too — the same state must not overflow 320 px.
        await page.setViewportSize({ width: 320, height: 640 });
        try {
          await expectLaidOut(page, state);
        } finally {
          await page.setViewportSize({ width: 375, height: 812 });
        }
      }
      // Last, so a colour finding still lets the picture and layout guards of the state run.
      await expectAccessible(page, state, variant);
    });
  }
}
