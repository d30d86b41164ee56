import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints a failure; on this machine's
// Node 20 the failure report itself would crash. The config runs in the main process, so the
// polyfill lives here.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

// Four projects: pure domain rules, the web app's non-visual modules, its components (rendered
// in jsdom with Testing Library), and the server (integration tests through app.inject on PGlite,
// or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Vitest's default outside watch mode is one worker fewer than the cores: a single worker on
    // this 2-core machine (and CI's), which doubled the run. Test files are isolated (their own
    // PGlite snapshot, their own jsdom), so two run side by side safely.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup-components.ts'],
          // MUI in jsdom on this shared 2-core machine: a long form can take seconds to render.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
