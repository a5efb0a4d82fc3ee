import { expect, test } from '@playwright/test';
import { createUser, messages, openChat, refuseSends, row, sendTexts, typeAndSend } from './chat-support.ts';

/** SDK8 in the browser: a failed message survives a reload of the page with its '!', and can still be resent. */
test('SDK8 a failed message is still shown with ! after a reload, and resending it delivers it', async ({
  browser,
  request,
}) => {
  const gina = await createUser(request, 'gina', 'Gina');
  const hugo = await createUser(request, 'hugo', 'Hugo');
  await sendTexts(request, hugo, gina, ['hi Gina']);
  const g = await openChat(browser, gina);
  await row(g.page, hugo).click();

  // The server refuses the first attempt (as its content filter would); later attempts reach it.
  await refuseSends(g.page, 'first');
  await g.page.reload();
  await row(g.page, hugo).click();
  await typeAndSend(g.page, 'kept over a reload');
  const failed = messages(g.page).filter({ hasText: 'kept over a reload' });
  await expect(failed.getByTestId('resend-button')).toBeVisible();

  await g.page.reload();
  await row(g.page, hugo).click();
  await expect(messages(g.page).filter({ hasText: 'hi Gina' })).toHaveCount(1);
  await expect(failed.getByTestId('resend-button')).toBeVisible();

  await failed.getByTestId('resend-button').click();
  await g.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(failed.getByTestId('read-state')).toHaveText('未读');
  await expect(failed).toHaveCount(1);
  await g.page.reload();
  await row(g.page, hugo).click();
  await expect(failed.getByTestId('read-state')).toHaveText('未读');
  await expect(failed.getByTestId('resend-button')).toHaveCount(0);
  await g.context.close();
});
