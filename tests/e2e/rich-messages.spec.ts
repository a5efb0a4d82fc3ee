import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createUser, messages, openChat, row, sendTexts } from './chat-support.ts';
import { docShot } from './e2e-env.ts';

/** Decision 0016: two users exchange an image and a file through the input plugins, with real uploads. */
test.describe('rich messages', () => {
  test('A sends an image and a PDF with the plugin buttons; B sees the image loaded and the file card', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'alice', '艾丽斯');
    const bob = await createUser(request, 'bob', '鲍勃');
    await sendTexts(request, bob, alice, ['发个简历看看']);
    const a = await openChat(browser, alice);
    const b = await openChat(browser, bob);
    await row(a.page, bob).click();

    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await a.page
      .getByTestId('plugin-image-input')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    // The sender's bubble settles with the server's URL (uploads run side by side: wait, so the file is last).
    await expect(a.page.locator('img.pc-media--image[src*="/api/v1/files/"]')).toHaveCount(1);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await a.page
      .getByTestId('plugin-file-input')
      .setInputFiles({ name: '张三的简历-2026-final-version.pdf', mimeType: 'application/pdf', buffer: pdf });

    await row(b.page, alice).click();
    const image = b.page.locator('img.pc-media--image');
    await expect(image).toHaveAttribute('src', /\/api\/v1\/files\/[A-Za-z0-9_-]{22}$/);
    // 1200×600 fits 300 px: 300×150, reserved before load, and the preview really loads.
    await expect(image).toHaveAttribute('width', '300');
    await expect(image).toHaveAttribute('height', '150');
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(720);
    const card = messages(b.page).locator('a.pc-file');
    await expect(card).toContainText('张三的简历-202...');
    await expect(card).toContainText('48.00B');
    await expect(card).toHaveAttribute('rel', 'noopener noreferrer');
    const download = await b.page.request.get((await card.getAttribute('href')) ?? '');
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect(download.headers()['x-content-type-options']).toBe('nosniff');
    // The conversation list shows the abstract of the last message.
    await expect(row(b.page, alice)).toContainText('[文件]');
    await docShot(b.page, 'rich-image-file-zh-desktop.png');

    // The previewer: opens from the image, zooms with the wheel, rotates, closes on Escape with the focus back.
    await image.click();
    const dialog = b.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const big = dialog.locator('img.pc-viewer__image');
    await expect(big).toHaveAttribute('src', /\/api\/v1\/files\//);
    await b.page.getByTestId('previewer-stage').hover();
    await b.page.mouse.wheel(0, -100);
    await expect(big).toHaveAttribute('data-scale', '1.1');
    await dialog.getByRole('button', { name: '旋转' }).click();
    await expect(big).toHaveAttribute('data-rotate', '90');
    await b.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await a.context.close();
    await b.context.close();
  });

  test('on a phone in English the image box is the smaller of width − 180 and 300; abstracts are English', async ({
    browser,
    request,
  }) => {
    const alice = await createUser(request, 'alice', 'Alice');
    const bob = await createUser(request, 'bob', 'Bob');
    await sendTexts(request, bob, alice, ['send me a photo']);
    const a = await openChat(browser, alice);
    await row(a.page, bob).click();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#d5763a' } })
      .png()
      .toBuffer();
    await a.page.getByTestId('plugin-image-input').setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png });
    await expect(a.page.locator('img.pc-media--image[src*="/api/v1/files/"]')).toHaveCount(1);

    const b = await openChat(browser, bob, { viewport: { width: 375, height: 740 }, locale: 'en-US' });
    await b.page.getByRole('button', { name: 'English' }).click();
    await expect(row(b.page, alice)).toContainText('[Image]');
    await row(b.page, alice).click();
    const image = b.page.locator('img.pc-media--image');
    await expect(image).toHaveAttribute('width', '195');
    await expect(image).toHaveAttribute('height', '98');
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(720);
    await docShot(b.page, 'rich-image-en-mobile.png');
    await a.context.close();
    await b.context.close();
  });
});
