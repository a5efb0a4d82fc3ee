import { expect, test } from '@playwright/test';
import { createUser, messages, openChat, row, sendTexts } from './chat-support.ts';
import { docShot } from './e2e-env.ts';
import config from './playwright.config.ts';

// Chromium's fake microphone (a beep) and an automatic yes to its permission prompt, for this file's browser only:
// the configuration's other launch options are kept.
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    executablePath: '/usr/bin/chromium',
    args: [...(launch.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
  permissions: ['microphone'],
});

/** Puts the kit in the dark theme in place, as a host page with theme="dark" would (screenshots only). */
const dark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    document.querySelectorAll('.pc-theme--light').forEach((el) => {
      el.classList.replace('pc-theme--light', 'pc-theme--dark');
    });
  });

test.describe('voice and location messages (decisions 0033, 0034)', () => {
  test('KVOI1 KVOI6 KLOC1 KLOC4 a recorded voice message plays at the peer; a typed location arrives as a card', async ({
    browser,
    request,
  }) => {
    test.setTimeout(480_000);
    const alice = await createUser(request, 'alice', '艾丽斯');
    const bob = await createUser(request, 'bob', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，请发一段语音']);
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    await row(a.page, bob).click();
    await row(b.page, alice).click();

    // Click to record, wait until the panel has counted two seconds (a busy machine may skip a tick), click again.
    await a.page.getByTestId('plugin-voice').click();
    const panel = a.page.getByTestId('voice-panel');
    await expect(panel).toContainText(/0:(0[2-9]|[1-5]\d)\//);
    await expect(panel).toContainText('再次点击发送');
    await docShot(a.page, 'voice-recording-zh-light.png');
    await a.page.getByTestId('plugin-voice').click();
    await expect(panel).toHaveCount(0);
    const mine = messages(a.page).locator('button.pc-audio');
    await expect(mine).toHaveCount(1);
    await expect(mine).toBeEnabled();
    await expect(mine.locator('audio')).toHaveAttribute('src', /\/api\/v1\/files\//);

    // The peer gets it: seconds shown, width 10 px a second + 40, and it plays.
    const voice = messages(b.page).locator('button.pc-audio');
    await expect(voice).toHaveCount(1);
    const text = (await voice.textContent()) ?? '';
    const second = Number(/(\d+)″/.exec(text)?.[1]);
    expect(second).toBeGreaterThanOrEqual(2);
    expect((await voice.boundingBox())?.width).toBeCloseTo(10 * second + 40, 0);
    await voice.click();
    await expect
      .poll(() =>
        voice.evaluate((el) => {
          const audio = el.querySelector('audio');
          return Boolean(audio && !audio.error && audio.currentTime > 0);
        }),
      )
      .toBe(true);

    // Escape cancels: nothing more is sent.
    await a.page.getByTestId('plugin-voice').click();
    await expect(panel).toContainText(/0:(0[1-9]|[1-5]\d)\//);
    await a.page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(mine).toHaveCount(1);

    // A location with typed coordinates: a wrong latitude is named, then the right one is sent.
    await a.page.getByTestId('plugin-location').click();
    await a.page.getByTestId('location-latitude').fill('95');
    await a.page.getByTestId('location-longitude').fill('113.94');
    await a.page.getByTestId('location-description').fill('深圳湾公园');
    await a.page.getByTestId('location-send').click();
    await expect(a.page.getByRole('alert').filter({ hasText: '纬度须为-90到90之间的数字' })).toBeVisible();
    await docShot(a.page, 'location-form-zh-light.png');
    await a.page.getByTestId('location-latitude').fill('22.54');
    await a.page.getByTestId('location-send').click();
    await expect(a.page.getByRole('dialog')).toHaveCount(0);

    const card = messages(b.page).getByTestId('location-card');
    await expect(card).toContainText('深圳湾公园');
    await expect(card).toContainText('22.54000, 113.94000');
    // No map service configured: no link, nothing loaded from elsewhere.
    await expect(messages(b.page).locator('a.pc-location')).toHaveCount(0);
    await expect(row(b.page, alice)).toContainText('[位置]');
    await docShot(b.page, 'voice-location-zh-light.png');
    await dark(b.page);
    await docShot(b.page, 'voice-location-zh-dark.png');

    await a.context.close();
    await b.context.close();
  });

  test('KVOI1 KLOC2 in English the composer says the same things, light and dark', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const carol = await createUser(request, 'carol', 'Carol');
    const dave = await createUser(request, 'dave', 'Dave');
    await sendTexts(request, dave, carol, ['hello']);
    const c = await openChat(browser, carol, { locale: 'en-US' });
    await c.page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('.language-switch button[lang="en"]')?.click(),
    );
    await expect(c.page.locator('html')).toHaveAttribute('lang', 'en');
    await row(c.page, dave).click();
    await dark(c.page);
    await expect(c.page.getByTestId('plugin-voice')).toHaveText('Voice');
    await c.page.getByTestId('plugin-voice').click();
    await expect(c.page.getByTestId('voice-panel')).toContainText('Click again to send, Esc to cancel');
    await docShot(c.page, 'voice-recording-en-dark.png');
    await c.page.getByTestId('voice-cancel').click();
    await expect(c.page.getByTestId('voice-panel')).toHaveCount(0);
    await c.page.getByTestId('plugin-location').click();
    await c.page.getByTestId('location-latitude').fill('1');
    await c.page.getByTestId('location-longitude').fill('200');
    await c.page.getByTestId('location-description').fill('x'.repeat(101));
    await c.page.getByTestId('location-send').click();
    await expect(c.page.getByText('Longitude must be a number from -180 to 180')).toBeVisible();
    await expect(c.page.getByText('The description may be at most 100 characters')).toBeVisible();
    await docShot(c.page, 'location-form-en-dark.png');
    await c.context.close();
  });
});
