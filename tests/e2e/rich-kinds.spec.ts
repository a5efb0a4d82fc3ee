import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createUser, input, messages, openChat, row, sendTexts } from './chat-support.ts';
import { docShot } from './e2e-env.ts';
import { custom, emptyZip, pasteOrDrop, sendOverApi, tinyMp4, wav } from './rich-kinds-support.ts';

/**
 * Decision 0016: two users exchange every kind of message with real files (a shipped H.264 MP4,
 * WAV audio, a PDF, a ZIP dropped, a PNG pasted), emoji codes and a face from the emoji panel, location and
 * custom cards; screenshots of each kind in zh and en, desktop and mobile.
 */
test.describe('rich message kinds', () => {
  test('KUPL4 KUPL5 KUPL7 KUPL8 KUPL9 every kind end to end, both ways, zh and en, desktop and mobile', async ({
    browser,
    request,
  }) => {
    test.setTimeout(720_000);
    const alice = await createUser(request, 'alice', '艾丽斯');
    const bob = await createUser(request, 'bob', '鲍勃');
    await sendTexts(request, bob, alice, ['你好，这是我的作品集 [微笑][强]']);
    // Bob's side over the HTTP API: two voice messages, a location and the custom cards.
    for (const second of [2, 3]) {
      await sendOverApi(
        request,
        bob,
        alice,
        { type: 'TIMSoundElem', payload: { second, downloadFlag: 2 } },
        { kind: 'audio', name: `voice-${second}.wav`, mimeType: 'audio/wav', buffer: wav(second) },
      );
    }
    await sendOverApi(request, bob, alice, {
      type: 'TIMLocationElem',
      payload: { description: '深圳市南山区科技园', longitude: 113.94, latitude: 22.54 },
    });
    await sendOverApi(request, bob, alice, custom({ businessID: 'evaluation', score: 4, comment: '面试体验很好' }));
    await sendOverApi(
      request,
      bob,
      alice,
      custom({
        businessID: 'order',
        title: '简历优化服务',
        description: '一对一修改',
        price: '¥99',
        link: 'https://example.com/o/1',
      }),
    );
    await sendOverApi(
      request,
      bob,
      alice,
      custom({ businessID: 'text_link', text: '岗位详情', link: 'https://example.com/jobs/7' }),
    );
    await sendOverApi(
      request,
      bob,
      alice,
      custom({ businessID: 'consultion', title: '在线咨询', description: '工作日 9:00-18:00' }),
    );
    await sendOverApi(request, bob, alice, custom({ businessID: 'mystery' }, '[新的卡片]'));

    const a = await openChat(browser, alice);
    await row(a.page, bob).click();
    const list = messages(a.page);
    // KUPL7: known codes are images with the code as alternative text.
    await expect(list.locator('img.pc-emoji[alt="[微笑]"]')).toHaveCount(1);
    await expect(list.locator('img.pc-emoji[alt="[强]"]')).toHaveCount(1);
    // KUPL4: 10 px a second + 40; one plays at a time.
    const voices = list.locator('button.pc-audio');
    await expect(voices).toHaveCount(2);
    expect((await voices.nth(0).boundingBox())?.width).toBeCloseTo(60, 0);
    expect((await voices.nth(1).boundingBox())?.width).toBeCloseTo(70, 0);
    await voices.nth(0).click();
    await expect(voices.nth(0)).toHaveAttribute('aria-label', '暂停');
    await voices.nth(1).click();
    await expect(voices.nth(1)).toHaveAttribute('aria-label', '暂停');
    await expect(voices.nth(0)).toHaveAttribute('aria-label', '播放');
    await voices.nth(1).click();
    await expect(voices.nth(1)).toHaveAttribute('aria-label', '播放');
    // Location card without a map service configured; cards by businessID; unsafe links are plain text.
    await expect(list.getByTestId('location-card')).toContainText('22.54000, 113.94000');
    await expect(list.locator('a.pc-location')).toHaveCount(0);
    await expect(list.getByRole('img', { name: '4 星' })).toBeVisible();
    await expect(list.locator('a.pc-card--order')).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(list.getByText('岗位详情')).toBeVisible();
    await expect(list.getByRole('link', { name: '查看详情' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(list.getByText('在线咨询')).toBeVisible();
    await expect(list.getByText('[新的卡片]')).toBeVisible();
    await expect(row(a.page, bob)).toContainText('[新的卡片]');
    await docShot(a.page, 'rich-cards-zh-desktop.png');

    // KUPL5: a video through its button, a PDF through the file button, a ZIP dropped, a PNG pasted.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
    await pasteOrDrop(a.page, 'message-input', 'paste', { name: 'screenshot.png', mimeType: 'image/png', buffer: png });
    await expect(list.locator('img.pc-media--image[src*="/api/v1/files/"]')).toHaveCount(1);

    // Point 14: a real MP4 through the video button; the page draws its snapshot before the upload (point 4).
    await a.page.getByTestId('plugin-video-input').setInputFiles(tinyMp4());
    await expect(list.locator('.pc-media--video[style*="/api/v1/files/"]')).toHaveCount(1);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await a.page
      .getByTestId('plugin-file-input')
      .setInputFiles({ name: '作品集.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(list.locator('a.pc-file[href*="/api/v1/files/"]')).toHaveCount(1);
    await pasteOrDrop(a.page, 'message-input', 'drop', {
      name: 'designs.zip',
      mimeType: 'application/zip',
      buffer: emptyZip(),
    });
    await expect(list.locator('a.pc-file[href*="/api/v1/files/"]')).toHaveCount(2);
    // KUPL8: the emoji panel, 6 codes collapsed and 142 expanded; a code goes in at the caret.
    await a.page.getByTestId('plugin-emoji').click();
    const panel = a.page.getByTestId('emoji-panel');
    await expect(panel.getByTestId('emoji-item')).toHaveCount(6);
    await panel.getByTestId('emoji-expand').click();
    await expect(panel.getByTestId('emoji-item')).toHaveCount(142);
    await docShot(a.page, 'rich-emoji-panel-zh-desktop.png');
    await input(a.page).fill('收到 ');
    await panel.getByTestId('emoji-item').first().click();
    await expect(input(a.page)).toHaveValue('收到 [微笑]');
    await input(a.page).press('Enter');
    await expect(list.filter({ hasText: '收到' }).locator('img.pc-emoji[alt="[微笑]"]')).toHaveCount(1);
    // A press outside closes the panel.
    await a.page.locator('.pc-chat__header').click({ position: { x: 5, y: 5 } });
    await expect(panel).toBeHidden();
    // KUPL9: a face from the second pack is sent at once as a face message.
    await a.page.getByTestId('plugin-emoji').click();
    await panel.getByTestId('emoji-tab-big').click();
    await expect(panel.getByTestId('face-item')).toHaveCount(18);
    await panel.getByTestId('face-pack-1').click();
    await expect(panel.getByTestId('face-item')).toHaveCount(16);
    await panel.getByTestId('face-pack-2').click();
    await expect(panel.getByTestId('face-item')).toHaveCount(17);
    await panel.getByTestId('face-pack-1').click();
    await panel.getByTestId('face-item').nth(3).click();
    await expect(panel).toBeHidden();
    await expect(list.locator('img.pc-face')).toHaveCount(1);

    // Bob receives each kind.
    const b = await openChat(browser, bob);
    await row(b.page, alice).click();
    const got = messages(b.page);
    await expect(got.filter({ hasText: '收到' }).locator('img.pc-emoji[alt="[微笑]"]')).toHaveCount(1);
    await expect(got.locator('img.pc-face')).toHaveCount(1);
    await expect(got.locator('a.pc-file')).toHaveCount(2);
    await expect(got.locator('.pc-file__icon--pdf')).toHaveCount(1);
    await expect(got.locator('.pc-file__icon--zip')).toHaveCount(1);
    await expect(got.locator('img.pc-media--image')).toHaveAttribute('width', '300');
    await expect(got.locator('img.pc-media--image')).toHaveAttribute('height', '225');
    // KUPL1 point 12: the MP4's snapshot (160x120, never enlarged) with a play button; a click plays it inline.
    const snapshot = got.locator('.pc-media--video');
    await expect(snapshot).toHaveCount(1);
    await expect(snapshot).toHaveAttribute('style', /background-image: url\("[^"]*\/api\/v1\/files\//);
    expect(await snapshot.boundingBox()).toMatchObject({ width: 160, height: 120 });
    await expect(snapshot.locator('.pc-media__play')).toBeVisible();
    await expect(row(b.page, alice)).toContainText('[表情]');
    await snapshot.click();
    const player = got.locator('video');
    await expect(player).toHaveAttribute('src', /\/api\/v1\/files\//);
    await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0.3);
    expect(await player.evaluate((el: HTMLVideoElement) => [el.videoWidth, el.error])).toEqual([160, null]);
    await expect(got.locator('img.pc-face')).toBeInViewport();
    await docShot(b.page, 'rich-kinds-zh-desktop.png');
    await b.page.getByRole('button', { name: 'English' }).click();
    await expect(row(b.page, alice)).toContainText('[Sticker]');
    await docShot(b.page, 'rich-kinds-en-desktop.png');
    await a.page.getByRole('button', { name: 'English' }).click();
    await expect(a.page.getByTestId('plugin-emoji')).toHaveText('Emoji');
    await a.page.getByTestId('plugin-emoji').click();
    await docShot(a.page, 'rich-emoji-panel-en-desktop.png');
    await a.context.close();
    await b.context.close();

    // Mobile, both languages: media within the smaller of width − 180 and 300 (390 − 180 = 210).
    for (const lang of ['en', 'zh'] as const) {
      const m = await openChat(browser, bob, {
        viewport: { width: 390, height: 844 },
        locale: lang === 'en' ? 'en-US' : 'zh-CN',
      });
      const toggle = m.page.getByRole('button', { name: lang === 'en' ? 'English' : '中文' });
      if (await toggle.isVisible()) await toggle.click();
      await row(m.page, alice).click();
      await expect(messages(m.page).locator('img.pc-media--image')).toHaveAttribute('width', '210');
      await expect(messages(m.page).locator('img.pc-face')).toBeInViewport();
      // The phone layout slides the chat in: the picture waits until no animation runs.
      await m.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await expect(messages(m.page).locator('img.pc-face')).toBeInViewport();
      await docShot(m.page, `rich-kinds-${lang}-mobile.png`);
      await m.context.close();
    }
  });
});
