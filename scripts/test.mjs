// `npm test`: type check, lint, build, then every Vitest project (unit, server, client, browser).
// Prints a last line `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
  }
}

const npx = 'npx';
if (only.length === 0) {
  count('typecheck', step('type check', npx, ['tsc', '--noEmit', '-p', '.']));
  count('lint', step('lint', npx, ['eslint', '.', '--max-warnings=0']));
  count('build', step('build', npx, ['tsx', 'scripts/build.ts']));
}

const outDir = path.join(root, '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const report = path.join(outDir, 'vitest.json');
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...only];
const vitestOk = step('vitest (unit, server, client, browser)', npx, vitestArgs);
if (existsSync(report)) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  passed += data.numPassedTests ?? 0;
  failed += data.numFailedTests ?? 0;
  // A file that fails to load has no tests to count; count it as a failure.
  for (const file of data.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failed += 1;
      console.log(`✗ ${path.relative(root, file.name)} failed to run: ${String(file.message).slice(0, 300)}`);
    }
  }
  if (!vitestOk && data.numFailedTests === 0 && failed === 0) failed += 1;
} else {
  failed += 1;
  console.log('✗ vitest produced no report');
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
