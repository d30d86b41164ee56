import {
  type SessionUser,
  TEST_DASHBOARD_DEFAULT_DATA,
  type TestDashboardData,
  type TestDashboardTestName,
} from '../../../domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Providers } from '../../providers';
import { providerProbes } from '../health/check-providers';

/** What every dashboard test gets: the app's real database, configuration and providers. */
export interface DashboardTestDeps {
  db: Database;
  config: AppConfig;
  providers: Providers;
  /** Signs the form token the full submission passes the bot check with. */
  signingKey: Buffer;
  /** The staff member running the test: the default address of its mails. */
  user: SessionUser;
}

/** A test's answer: SUCCESS or FAILED, and what it did or the provider's own error text. */
export interface DashboardTestOutcome {
  result: 'SUCCESS' | 'FAILED';
  detail: string;
}

export const succeeded = (detail: string): DashboardTestOutcome => ({ result: 'SUCCESS', detail });
export const failed = (detail: string): DashboardTestOutcome => ({ result: 'FAILED', detail });

/** The test data with every blank field at its default, and the staff member's own address. */
export interface ResolvedTestData {
  artistName: string;
  firstName: string;
  surname: string;
  email: string;
  releaseTitle: string;
}

export function resolveTestData(data: TestDashboardData | undefined, user: SessionUser): ResolvedTestData {
  const pick = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  return {
    artistName: pick(data?.artistName, TEST_DASHBOARD_DEFAULT_DATA.artistName),
    firstName: pick(data?.firstName, TEST_DASHBOARD_DEFAULT_DATA.firstName),
    surname: pick(data?.surname, TEST_DASHBOARD_DEFAULT_DATA.surname),
    email: pick(data?.email, user.email).toLowerCase(),
    releaseTitle: pick(data?.releaseTitle, TEST_DASHBOARD_DEFAULT_DATA.releaseTitle),
  };
}

/** The implementation each provider test will use, as the health checks name them. */
export function providerNames(deps: Pick<DashboardTestDeps, 'db' | 'config' | 'providers'>) {
  const probes = providerProbes(deps);
  return {
    database: probes.database.implementation,
    storage: probes.storage.implementation,
    mail: probes.mail.implementation,
    board: probes.board.implementation,
    signing: probes.signing.implementation,
    catalogue: probes.catalogue.implementation,
  };
}

/** What each test runs against, shown on its card before it runs. */
export function testProviderOf(name: TestDashboardTestName, names: ReturnType<typeof providerNames>): string {
  switch (name) {
    case 'health':
      return Object.values(names).join(', ');
    case 'board-connection':
    case 'board-columns':
    case 'create-test-item':
      return names.board;
    case 'storage-auth':
      return names.storage;
    case 'full-submission':
      return [names.storage, names.database, names.board, names.mail].join(', ');
    case 'mail':
      return names.mail;
    case 'signing':
      return names.signing;
    case 'catalogue':
      return names.catalogue;
  }
}

/** The provider's own words for a failure. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** Rejects when `work` has not settled within `ms` (a provider that never answers). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Milliseconds since `started` (a performance.now() reading), whole. */
export const elapsedMs = (started: number) => Math.max(0, Math.round(performance.now() - started));
