import { expect, test } from '@playwright/test';
import { createUser, messageWith, openChat, row, sendTexts, uniqueID } from './chat-support.ts';

test.describe('first load of the chat (decision 0009)', () => {
  test('SDK9 /chat preloads the chat chunk and paints the list from the page, without asking for it first', async ({
    browser,
    request,
  }) => {
    const hana = await createUser(request, 'hana', '花');
    const ivan = await createUser(request, 'ivan', '伊万');
    await sendTexts(request, ivan, hana, ['before the visit']);
    const { context, page } = await openChat(browser, hana);

    const listRequests: string[] = [];
    let painted = false;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/conversations' && !painted) listRequests.push(url.search);
    });
    const response = await page.goto('/chat');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/chat-page-[^"]+\.js">/);
    await expect(row(page, ivan)).toBeVisible();
    painted = true;
    // The first page came with the HTML: no `since=0` request was needed to show it (a resync may follow hello).
    expect(listRequests).not.toContain('?since=0');

    // And the SDK is live behind it: a message sent now arrives.
    const later = `after the visit ${uniqueID('m')}`;
    await sendTexts(request, ivan, hana, [later]);
    await row(page, ivan).click();
    await expect(messageWith(page, later)).toBeVisible();
    await context.close();
  });
});
