import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CONFIRM } from './portal-support.ts';

/** A port the OS says is free now (never a fixed one: something else on the machine may hold it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A server of its own for one test, so the test can stop it without stopping everyone's (rule PRT-series portal request errors). */
async function ownServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '../../apps/server/src/app/main.ts'], {
    cwd: dirname(fileURLToPath(import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-e2e-stop-')),
      PARLEY_SECRET: 'e2e-secret-0123456789abcdef',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready in 240 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Seed 001 §8 (POR4, POR5): transport failures open 'Request exception'; other codes go to the caller. */
test.describe('portal request layer', () => {
  test('POR4 a refused call (HTTP 500) opens Request exception with the error and a confirm button', async ({
    page,
  }) => {
    await page.route('**/tapi/job/list', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/job');
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('请求异常');
    await expect(dialog).toContainText('"status":500');
    await dialog.getByRole('button', { name: CONFIRM }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('加载失败，请稍后再试')).toBeVisible();
  });

  test('POR4 an unreachable server opens Request exception too', async ({ page }) => {
    await page.goto('/news');
    await expect(page.getByTestId('article-row').first()).toBeVisible();
    await page.route('**/tapi/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '考试报名' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('请求异常');
    await expect(dialog).toContainText('Failed to fetch');
  });

  test('POR4 a server that stops while the page is open: the next call opens Request exception', async ({ page }) => {
    test.setTimeout(480_000);
    const server = await ownServer();
    try {
      const nav = page.getByRole('navigation', { name: '主导航' });
      // Both pages are visited first, so their code is loaded: only the portal call can fail after the stop.
      await page.goto(`${server.url}/zk`, { waitUntil: 'networkidle' });
      await page.goto(`${server.url}/news`);
      await expect(page.getByTestId('article-row').first()).toBeVisible();
      await server.stop();
      await expect
        .poll(() =>
          fetch(`${server.url}/readyz`).then(
            () => 'up',
            () => 'down',
          ),
        )
        .toBe('down');
      const dialog = page.getByRole('dialog');
      // A call of the page's own can reach the stopped server before the click and open the dialog itself (seen
      // once in CI: its mask then took the click). Either way the first call after the stop opens it.
      const link = nav.getByRole('link', { name: '考试报名' });
      if (!(await dialog.isVisible())) {
        await link.click({ timeout: 10_000 }).catch(async (err: unknown) => {
          if (!(await dialog.isVisible())) throw err;
        });
      }
      await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('请求异常');
      await expect(dialog).toContainText('Failed to fetch');
      await dialog.getByRole('button', { name: CONFIRM }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });

  test('POR5 ABU38 a code other than 1 reaches the page, without the dialog: a taken number does not sign in', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByLabel('姓名').fill('重复的人');
    await page.getByLabel('手机号').fill('13800000001');
    await page.getByLabel('密码', { exact: true }).fill('chongfu2026');
    await page.getByRole('button', { name: /^注\s?册$/ }).click();
    // Registration answers alike for free and taken numbers; the sign-in after it is what fails (decision 0027).
    await expect(page.getByRole('alert')).toHaveText(
      '无法用该手机号和密码登录。如果该手机号已注册过账号，请用原密码登录。',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });
});
