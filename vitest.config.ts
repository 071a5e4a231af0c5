import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default is one worker fewer than the CPUs: a single worker on CI's two. Server
      // tests wait on the database as much as they compute, so two workers keep both CPUs busy.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // Each file still opens its own app and database; sharing the worker's loaded modules
            // across files halves the CPU the server tests take (every file imported the whole app).
            // The client tests stay isolated: their vi.mock() calls and React's act() need it.
            isolate: false,
            include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
            setupFiles: ['tests/setup/fail-on-console-error.ts'],
            globalSetup: ['tests/setup/database-template.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['src/client/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/jsdom.ts'],
            testTimeout: 30_000,
            expect: { poll: { timeout: 5_000 } },
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 180_000,
            // expect.poll's default second is too short beside the server tests on CI's two CPUs.
            expect: { poll: { timeout: 15_000 } },
          },
        },
      ],
    },
  }),
);
