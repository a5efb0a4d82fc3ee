// `npm test`: every test — lint and boundaries, type-check, unit + integration (vitest), browser
// end-to-end (Playwright on Debian's Chromium), Tencent's kits on Parley. Ends with one plain summary line of all tests
// run.
//
// Lint and the web build run beside the type-check (a few CPU seconds each while tsc keeps the cores busy); the long
// steps — vitest, the browser tests, Tencent's kits, the security suite — run one after another (tests/README.md,
// "Run time"). A step that runs beside another (`quiet`) keeps its output and prints it in one piece when it ends.
// PARLEY_TEST_SERIAL=1 runs the first three one after another too (to time each by itself).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { buildWebIfNeededAsync } from './web-build.mjs';

const ARTIFACTS = 'tests/.artifacts';
const CHROMIUM = '/usr/bin/chromium';
mkdirSync(ARTIFACTS, { recursive: true });

const SERIAL = process.env.PARLEY_TEST_SERIAL === '1';
/** A vitest file longer than this share of the vitest step is named in the summary: it is the run's long pole. */
const SLOW_FILE_SHARE = Number(process.env.PARLEY_SLOW_FILE_SHARE ?? 0.1);
const runStarted = Date.now();
const loadAtStart = loadavg()[0];

const steps = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * Titles of failed tests, of browser tests that failed once and passed on their retry, and of the slow vitest files,
 * for the summary.
 */
const notable = { failed: [], flaky: [], slow: [], skippedSteps: [] };

/**
 * Runs one step: `fn(out)` resolves to whether it passed; `out` is where its commands print. A `quiet` step (one that
 * runs beside another) collects its output and prints it under its own heading when it ends, so two never interleave.
 * The summary lists steps in the order they started, whatever order they end in.
 */
async function step(name, fn, { quiet = false } = {}) {
  const entry = { name, ok: false, seconds: 0 };
  steps.push(entry);
  const started = Date.now();
  const buffer = [];
  const out = quiet ? { write: (chunk) => buffer.push(Buffer.from(chunk)) } : undefined;
  console.log(
    quiet ? `\n=== ${name} (started beside another step; its output follows when it ends) ===` : `\n=== ${name} ===`,
  );
  try {
    entry.ok = await fn(out);
  } catch (err) {
    (out ?? process.stderr).write(`${err instanceof Error ? err.message : err}\n`);
  }
  entry.seconds = Math.round((Date.now() - started) / 1000);
  if (quiet) {
    console.log(`\n=== ${name}: output (${entry.ok ? 'ok' : 'FAILED'}, ${entry.seconds}s) ===`);
    process.stdout.write(Buffer.concat(buffer));
  }
  return entry.ok;
}

/** Starts `steps` together, or one after another with PARLEY_TEST_SERIAL; resolves when all have ended. */
async function together(...starters) {
  if (SERIAL) {
    for (const start of starters) await start(false);
    return;
  }
  // The first step keeps the terminal; the others are quiet.
  await Promise.all(starters.map((start, i) => start(i > 0)));
}

/** Runs a command; its output goes to the terminal, or into `out` when given. Resolves to whether it exited 0. */
function run(cmd, args, env = {}, cwd = undefined, out = undefined) {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      cwd,
    });
    if (out) {
      child.stdout.on('data', (d) => out.write(d));
      child.stderr.on('data', (d) => out.write(d));
    }
    child.on('error', (err) => {
      (out ?? process.stderr).write(`${cmd}: ${err.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** CPU seconds used so far by the finished child processes (Linux); a figure a busy machine barely changes. */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 3, cutime and cstime are fields 16 and 17 of the whole line.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs vitest with `extraArgs`, adds its counts to the totals; ok when vitest passed and reported. */
async function vitestCounted(name, extraArgs, out) {
  const json = resolve(`${ARTIFACTS}/${name}.json`);
  rmSync(json, { force: true });
  const started = Date.now();
  const ok = await run(
    'node_modules/.bin/vitest',
    ['run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    {},
    undefined,
    out,
  );
  const r = readJson(json);
  if (!r) return false;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  const stepMs = Date.now() - started;
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') notable.failed.push(`${name}: ${t.fullName}`);
    const fileMs = (file.endTime ?? 0) - (file.startTime ?? 0);
    if (fileMs > SLOW_FILE_SHARE * stepMs) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      notable.slow.push(
        `${name}: ${where} took ${Math.round(fileMs / 1000)}s of the step's ${Math.round(stepMs / 1000)}s`,
      );
    }
  }
  return ok;
}

/** Walks a Playwright JSON report's suites, calling `visit(title, test)` for every test. */
function eachPlaywrightTest(suites, visit, prefix = '') {
  for (const suite of suites ?? []) {
    const path = prefix ? `${prefix} › ${suite.title}` : suite.title;
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) visit(`${path} › ${spec.title}`, t);
    eachPlaywrightTest(suite.suites, visit, path);
  }
}

/** Runs Playwright with `config` from `cwd`, adds its counts to the totals under `label`; ok when it passed. */
async function playwrightCounted(label, config, cwd, out) {
  if (!existsSync(CHROMIUM)) {
    (out ?? process.stderr).write(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium\n`);
    return false;
  }
  const json = resolve(`${ARTIFACTS}/${label.replace(/\W+/g, '-')}.json`);
  rmSync(json, { force: true });
  // Playwright itself, not through npm: a nested `npm run` would swallow the --reporter flag.
  const ok = await run(
    resolve('node_modules/.bin/playwright'),
    ['test', '-c', config, '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: json },
    cwd,
    out,
  );
  const r = readJson(json);
  if (!r) return false;
  totals.passed += r.stats.expected + (r.stats.flaky ?? 0);
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
  eachPlaywrightTest(r.suites, (title, t) => {
    if (t.status === 'unexpected') notable.failed.push(`${label}: ${title}`);
    if (t.status === 'flaky') notable.flaky.push(`${label}: ${title}`);
  });
  return ok;
}

const playwright = (out) => playwrightCounted('e2e', 'e2e/playwright.config.ts', 'tests', out);

// Tencent's React UIKit and headless engine, unmodified, on Parley (decision 0044): their own package, installed from
// the npm registry on first use (never a workspace: the kits must resolve exactly as an application's would).
const KITS = 'tests/compat/tencent-kits';
const KITS_INSTALLED = `${KITS}/node_modules/.package-lock.json`;
// scripts/typecheck.mjs checks the kits' package when it is installed; when it is not yet, this step does, after it
// installs it (so it is checked once either way).
const kitsCheckedByTypecheck = existsSync(KITS_INSTALLED);
async function tencentKits(out) {
  if (!existsSync(KITS_INSTALLED)) {
    (out ?? process.stdout).write(`installing ${KITS} from the npm registry (npm ci)\n`);
    const args = ['ci', '--prefix', KITS, '--legacy-peer-deps', '--no-audit', '--no-fund'];
    if (!(await run('npm', args, {}, undefined, out))) {
      // CMP36: CI must run the kits, so there a failed install fails the step; a developer offline is told why
      // they did not run, and the step passes with nothing counted.
      const reason = `the kits could not be installed from the npm registry (npm ci --prefix ${KITS} failed)`;
      if (process.env.CI) {
        (out ?? process.stderr).write(`FAILED: ${reason}; under CI=true the kits must run\n`);
        return false;
      }
      (out ?? process.stdout).write(`SKIPPED Tencent's kits: ${reason}. Run it again with the registry reachable.\n`);
      notable.skippedSteps.push(`Tencent's kits: ${reason}`);
      return true;
    }
  }
  if (!kitsCheckedByTypecheck && !(await run('node_modules/.bin/tsc', ['-p', KITS, '--noEmit'], {}, undefined, out)))
    return false;
  return playwrightCounted('tencent kits', `${KITS}/playwright.config.ts`, undefined, out);
}

/** The steps; `quiet` is true for one that runs beside another (see `together`). */
const lint = (quiet) =>
  step('lint (biome) and dependency boundaries', (out) => run('npm', ['run', 'lint', '--silent'], {}, undefined, out), {
    quiet,
  });
const typecheck = (quiet) =>
  step('type-check', (out) => run('node', ['scripts/typecheck.mjs'], {}, undefined, out), { quiet });
const vitest = (quiet) => step('unit and integration (vitest)', (out) => vitestCounted('vitest', [], out), { quiet });
let webBuilt = Promise.resolve(true);
const webBuild = (quiet) => {
  webBuilt = step('build web app', (out) => buildWebIfNeededAsync({ out }).then(() => true), { quiet });
  return webBuilt;
};
const e2e = (quiet) => step('end-to-end (Playwright, Chromium)', (out) => playwright(out), { quiet });
const kits = (quiet) => step('Tencent kits on Parley (Playwright, Chromium)', (out) => tencentKits(out), { quiet });
// The short security suite (tests/security): S1–S8, each one test; its browser part needs the web build.
const security = (quiet) =>
  step('security suite (short)', (out) => vitestCounted('security', ['-c', 'tests/security/vitest.config.ts'], out), {
    quiet,
  });

// Lint, boundaries and the web build take a few CPU seconds each; the type-check keeps both cores busy meanwhile.
await together(typecheck, lint, webBuild);
if (!(await webBuilt)) console.error('The web build failed: the browser tests and the security suite find no app.');
// Then one step at a time. Vitest beside the browser lanes was tried: on CI's two cores both ran three times longer
// than alone (the run took 63 min instead of about 40), and their tests' bounds were hit more often.
await vitest(false);
await e2e(false);
await kits(false);
await security(false);

const cpu = childCpuSeconds();
const loadAtEnd = loadavg()[0];
console.log('\n=== summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
console.log(
  `total ${Math.round((Date.now() - runStarted) / 1000)}s${cpu === undefined ? '' : `, ${Math.round(cpu)}s CPU of the steps' processes`}` +
    `, load ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end${SERIAL ? ', steps one after another' : ''}`,
);
// The run's long poles, to split or speed up before they push the run past its limit (tests/README.md, "Run time").
for (const t of notable.slow) console.log(`slow file: ${t}`);
for (const t of notable.failed) console.log(`failed: ${t}`);
for (const t of notable.skippedSteps) console.log(`skipped step: ${t}`);
// A browser test gets one retry in CI (playwright.config.ts); one that needed it is named here, not hidden.
for (const t of notable.flaky) console.log(`flaky (passed on retry): ${t}`);
const allOk = steps.every((s) => s.ok);
if (!allOk && totals.failed === 0) totals.failed = steps.filter((s) => !s.ok).length;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(allOk ? 0 : 1);
