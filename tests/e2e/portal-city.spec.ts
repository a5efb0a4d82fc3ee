import { expect, test } from '@playwright/test';
import { cookiesOf } from './portal-support.ts';

/** Seed 001 §2.2, §9 (POR6): the slim header's cities, 太原 by default, kept in cookies and used by the job list. */
test('POR6 the city switch: Taiyuan by default, Beijing chosen, kept in cookies, the job list follows', async ({
  page,
  context,
}) => {
  await page.goto('/map');
  const city = page.getByTestId('city-switch');
  await expect(city).toContainText('太原');
  await city.click();
  const menu = page.getByRole('menu');
  for (const name of ['太原', '北京', '西安', '石家庄'])
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The job list uses the default city before any choice.
  await page.goto('/job');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  for (const text of await page.getByTestId('job-card').allInnerTexts()) expect(text).toContain('太原');

  await page.goto('/map');
  await page.getByTestId('city-switch').click();
  await page.getByRole('menu').getByText('北京', { exact: true }).click();
  await expect(page.getByTestId('city-switch')).toContainText('北京');
  const cookies = await cookiesOf(context);
  expect([cookies.province, cookies.citys, cookies.area]).toEqual(['110000', '110100', '']);

  await page.goto('/job');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  const texts = await page.getByTestId('job-card').allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toContain('北京');
  // Kept across visits: a new page load reads the cookies.
  await page.goto('/map');
  await expect(page.getByTestId('city-switch')).toContainText('北京');
});
