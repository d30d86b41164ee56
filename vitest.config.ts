import { defineConfig } from 'vitest/config';

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
          // Every file builds its own app on its own database (a PGlite snapshot, or a PostgreSQL
          // database of its own), and the server keeps no state in modules: files share a worker's
          // module cache instead of importing the server afresh each, which was 30% of the run.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
