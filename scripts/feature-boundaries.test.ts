import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The two checks of decision 041: the lint rule on a server feature's imports, and the cycle check.
const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('server feature boundaries (lint)', () => {
  const eslint = new ESLint({ cwd: root });

  async function restricted(file: string, source: string) {
    const [result] = await eslint.lintText(`export { x } from '${source}';\n`, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it("refuses another feature's internals, from a feature and from an admin area", async () => {
    expect(await restricted('src/server/features/catalog/probe.ts', '../billing/dunning')).toHaveLength(1);
    expect(await restricted('src/server/features/admin/servers/probe.ts', '../../billing/dunning')).toHaveLength(1);
    expect(await restricted('src/server/features/catalog/probe.ts', '../../features/tax/tax.service')).toHaveLength(1);
  });

  it('allows the index of another feature, and an admin area its sibling', async () => {
    expect(await restricted('src/server/features/catalog/probe.ts', '../billing')).toEqual([]);
    expect(await restricted('src/server/features/admin/servers/probe.ts', '../../billing')).toEqual([]);
    expect(await restricted('src/server/features/admin/servers/probe.ts', '../catalog/catalog.service')).toEqual([]);
  });

  it("refuses a feature's own index", async () => {
    expect(await restricted('src/server/features/catalog/probe.ts', '.')).toHaveLength(1);
    expect(await restricted('src/server/features/catalog/probe.ts', '../catalog')).toHaveLength(1);
  });

  it('leaves tests free to reach into any feature', async () => {
    expect(await restricted('src/server/features/catalog/probe.test.ts', '../billing/dunning')).toEqual([]);
  });
});

describe('server feature boundaries (cycles)', () => {
  const made = mkdtempSync(path.join(tmpdir(), 'feature-cycles-'));
  afterAll(() => rmSync(made, { recursive: true, force: true }));

  function write(file: string, text: string) {
    mkdirSync(path.dirname(path.join(made, file)), { recursive: true });
    writeFileSync(path.join(made, file), text);
  }

  it('fails on two feature folders that import each other through other modules, and names the imports', async () => {
    write('src/server/features/alpha/index.ts', "export { a } from './a';\n");
    write('src/server/features/alpha/a.ts', "export const a = 1;\n");
    write('src/server/features/alpha/uses-beta.ts', "import { b } from '../beta';\nexport const c = b;\n");
    write('src/server/features/beta/index.ts', "export { b } from './b';\n");
    write('src/server/features/beta/b.ts', "import { a } from '../alpha';\nexport const b = a;\n");
    const failed = await run('node', [path.join(root, 'scripts/check-feature-cycles.mjs'), made]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('import each other in a loop: alpha, beta');
    expect((failed as { stderr: string }).stderr).toContain('src/server/features/beta/b.ts → src/server/features/alpha/index.ts');
  });
});
