/** Runs the web-portal-first-load line alone: `cd bench && node --import tsx browser/web-portal-run.ts`. */
import { chromium } from 'playwright-core';
import { portalFirstLoad } from './web-portal.ts';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  console.log(JSON.stringify(await portalFirstLoad(browser)));
} finally {
  await browser.close();
}
