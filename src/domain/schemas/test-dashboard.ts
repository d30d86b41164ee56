import { z } from 'zod';

/**
 * The internal test dashboard's tests (spec 000 §2: health, board connection, get columns, create
 * test item, storage authentication, full submission; Imprint adds mail, signing and the music
 * catalogue). Each runs against the configured real provider.
 */
export const TEST_DASHBOARD_TESTS = [
  { name: 'health', label: 'Health test', description: 'The server and every provider it checks.' },
  {
    name: 'board-connection',
    label: 'Board connection test',
    description: 'Connects to the board: the monday.com mirror when configured, else the built-in board.',
  },
  { name: 'board-columns', label: 'Get columns', description: "Reads the board's columns." },
  {
    name: 'create-test-item',
    label: 'Create test item',
    description: 'Creates an item with the test data on the board, then removes it.',
  },
  {
    name: 'storage-auth',
    label: 'Storage authentication',
    description: 'Writes, reads and deletes a probe file with the configured credentials.',
  },
  {
    name: 'full-submission',
    label: 'Full submission test',
    description:
      'Uploads a WAV and a JPEG, creates a submission with the test data, mirrors it to the board and mails a confirmation to you; then removes all it created.',
  },
  { name: 'mail', label: 'Mail test', description: 'Sends a test message to your address now.' },
  {
    name: 'signing',
    label: 'Signing test',
    description: 'Checks the signing provider: Dropbox Sign when configured, else seals a test agreement.',
  },
  {
    name: 'catalogue',
    label: 'Music catalogue test',
    description: 'Searches the music catalogue: Spotify when configured, else the offline catalogue.',
  },
] as const;

export type TestDashboardTestName = (typeof TEST_DASHBOARD_TESTS)[number]['name'];
export const testDashboardTestNameSchema = z.enum(
  TEST_DASHBOARD_TESTS.map((test) => test.name) as [TestDashboardTestName, ...TestDashboardTestName[]],
);

/** The editable test data; a blank field takes the default. */
export const testDashboardDataSchema = z.object({
  artistName: z.string().trim().max(100).optional(),
  firstName: z.string().trim().max(100).optional(),
  surname: z.string().trim().max(100).optional(),
  email: z.union([z.literal(''), z.email().max(254)]).optional(),
  releaseTitle: z.string().trim().max(200).optional(),
});
export type TestDashboardData = z.infer<typeof testDashboardDataSchema>;

export const TEST_DASHBOARD_DEFAULT_DATA = {
  artistName: 'Imprint Test Artist',
  firstName: 'Test',
  surname: 'Artist',
  releaseTitle: 'Integration Test Release',
} as const;

/** GET /api/test-dashboard/tests */
export const testDashboardTestsResponseSchema = z.object({
  success: z.literal(true),
  tests: z.array(
    z.object({
      name: testDashboardTestNameSchema,
      label: z.string(),
      description: z.string(),
      /** The implementation the test will use: 'monday.com', 'built-in board', 'SMTP', ... */
      provider: z.string(),
    }),
  ),
});
export type TestDashboardTestsResponse = z.infer<typeof testDashboardTestsResponseSchema>;

/** POST /api/test-dashboard/tests/:name/run */
export const testDashboardRunBodySchema = z.object({ testData: testDashboardDataSchema.optional() }).strict();

export const testDashboardRunResponseSchema = z.object({
  name: testDashboardTestNameSchema,
  result: z.enum(['SUCCESS', 'FAILED']),
  durationMs: z.number().int().nonnegative(),
  /** What the test did, or the provider's own error text. */
  detail: z.string(),
});
export type TestDashboardRunResponse = z.infer<typeof testDashboardRunResponseSchema>;
