// `npm test`: type check, lint (with the server feature cycle check), build, then every Vitest project (unit, server, client, browser).
// Prints a last line `N passed, N failed` that CI reads.
//
// CI has two CPUs, so the steps overlap where one of them mostly waits: the type check and the
// lint run beside the build, and the browser journeys (which mostly wait on Chromium and the
// simulated panel) run as their own Vitest process beside the unit, server and client tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const started = Date.now();
let passed = 0;
let failed = 0;
const timings = [];
/** The failed tests' names, printed again just before the last line so a log's tail shows them. */
const failures = [];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command; `buffer` keeps its output until it ends so parallel steps don't interleave. */
function run(name, cmd, args, { buffer = false, env = {} } = {}) {
  const t0 = Date.now();
  if (!buffer) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      timings.push(`${name}: ${seconds(ms)}`);
      if (buffer) {
        console.log(`\n▶ ${name} (${seconds(ms)})`);
        if (output.trim()) console.log(output.trimEnd());
      }
      resolve(code === 0);
    });
  });
}

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
    failures.push(name);
  }
}

/** Adds a Vitest JSON report's results to the tally. */
function tally(report, ok) {
  if (!existsSync(report)) {
    failed += 1;
    console.log(`✗ vitest produced no report (${path.basename(report)})`);
    return;
  }
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const before = failed;
  passed += data.numPassedTests ?? 0;
  failed += data.numFailedTests ?? 0;
  // A file that fails to load has no tests to count; count it as a failure.
  for (const file of data.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failed += 1;
      console.log(`✗ ${where} failed to run: ${String(file.message).slice(0, 300)}`);
      failures.push(`${where}: failed to run`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${where} › ${test.fullName ?? test.title}\n    ${message}`);
    }
  }
  if (!ok && failed === before) failed += 1;
}

/**
 * `check:panel` and `check:stripe` against the real services the environment names (decision
 * 049); skipped, and said so, when it names none: the tests themselves run on local fakes.
 */
function realServiceChecks() {
  const set = (key) => (process.env[key] ?? '').trim() !== '';
  const checks = [
    { name: 'check:panel', real: set('PANEL_URL'), none: 'no real panel configured (PANEL_URL)' },
    { name: 'check:stripe', real: set('STRIPE_SECRET_KEY') && !set('STRIPE_API_URL'), none: 'no real Stripe key configured (STRIPE_SECRET_KEY)' },
  ];
  return checks.map((c) => {
    if (!c.real) {
      console.log(`${c.name} skipped: ${c.none}`);
      return Promise.resolve();
    }
    return run(c.name, 'npm', ['run', '--silent', c.name], { buffer: true }).then((ok) => count(c.name, ok));
  });
}

const outDir = path.join(root, '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const vitest = (report, extra) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];

if (only.length > 0) {
  const report = path.join(outDir, 'vitest.json');
  tally(report, await run('vitest', 'npx', vitest(report, only)));
} else {
  const checks = [
    run('type check', 'npx', ['tsc', '--noEmit', '-p', '.'], { buffer: true }).then((ok) => count('typecheck', ok)),
    run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { buffer: true }).then((ok) => count('lint', ok)),
    run('feature cycles', 'node', ['scripts/check-feature-cycles.mjs'], { buffer: true }).then((ok) => count('feature cycles', ok)),
    ...realServiceChecks(),
  ];
  const built = await run('build', 'npx', ['tsx', 'scripts/build.ts']);
  count('build', built);
  await Promise.all(checks);

  const main = path.join(outDir, 'vitest.json');
  const e2e = path.join(outDir, 'vitest-e2e.json');
  const [mainOk, e2eOk] = await Promise.all([
    run('vitest (unit, server, client)', 'npx', vitest(main, ['--project', 'node', '--project', 'client'])),
    run('vitest (browser journeys)', 'npx', vitest(e2e, ['--project', 'e2e']), { buffer: true }),
  ]);
  tally(main, mainOk);
  tally(e2e, e2eOk);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `✗ ${f}`).join('\n')}`);
console.log(`\n${timings.join(' · ')}`);
console.log(`npm test took ${seconds(Date.now() - started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
