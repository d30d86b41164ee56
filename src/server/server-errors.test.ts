import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '../domain';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DATABASE_FULL_MESSAGE } from './db/database-errors';
import { errorReports } from './db/schema';
import { AppError, badRequest } from './errors';
import { StorageFullError } from './providers/storage/storage-full';
import { noSpaceError } from './test/full-storage';
import { createTestDatabase, type TestDatabase } from './test/test-context';

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  app = await buildApp({ config, db: database.db, logger: false });
  // Routes that fail as real code can: a bug, an upstream outage, a refusal.
  app.get('/api/test/broken/:itemId', async () => {
    const cause = new Error('relation "nowhere" does not exist');
    throw new Error('Failed query: select * from nowhere where email = $1\nparams: someone@example.com', {
      cause,
    });
  });
  app.get('/api/test/upstream', async () => {
    throw new AppError(503, 'The verification service is unavailable. Please try again.');
  });
  app.get('/api/test/refused', async () => {
    throw badRequest('Release title is required');
  });
  // As drizzle raises a failed statement: the driver's error (with its SQLSTATE) as the cause.
  app.get('/api/test/database-full', async () => {
    const cause = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
      code: '53100',
      severity: 'ERROR',
    });
    throw new Error('Failed query: insert into "submissions" ...\nparams: someone@example.com', { cause });
  });
  app.get('/api/test/storage-full', async () => {
    throw new StorageFullError(noSpaceError());
  });
  app.get('/api/test/disk-full', async () => {
    throw new Error('could not write the outbox file', { cause: noSpaceError() });
  });
  app.get('/api/test/delivery-bucket-full', async () => {
    throw Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), {
      name: 'XMinioStorageFull',
      $metadata: { httpStatusCode: 507 },
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

const events = () => database.db.select().from(errorReports);

describe("the server's own 5xx answers", () => {
  it('answers a generic 500 and records the route pattern and the error, without the query parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/broken/1234?token=secret' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Internal server error' });
    const [event] = await events();
    expect(event).toMatchObject({
      source: 'server',
      category: 'server',
      severity: 'HIGH',
      url: '/api/test/broken/:itemId',
      metadata: { method: 'GET', route: '/api/test/broken/:itemId', statusCode: 500 },
    });
    expect(event?.message).toBe(
      'GET /api/test/broken/:itemId answered 500: Error: Failed query: select * from nowhere where email = $1: Error: relation "nowhere" does not exist',
    );
    expect(JSON.stringify(event)).not.toContain('someone@example.com');
    expect(JSON.stringify(event)).not.toContain('secret');
  });

  it("records a service's own 5xx with its words, and no 4xx", async () => {
    await database.db.delete(errorReports);
    const upstream = await app.inject({ method: 'GET', url: '/api/test/upstream' });
    expect(upstream.statusCode).toBe(503);
    expect(upstream.json()).toEqual({
      success: false,
      error: 'The verification service is unavailable. Please try again.',
    });
    const refused = await app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(refused.statusCode).toBe(400);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe(
      'GET /api/test/upstream answered 503: AppError: The verification service is unavailable. Please try again.',
    );
  });
});

describe('no room left', () => {
  it('a write the database has no room for answers 503 in words with Retry-After, and no error event', async () => {
    await database.db.delete(errorReports);
    const response = await app.inject({ method: 'GET', url: '/api/test/database-full' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('120');
    expect(response.json()).toEqual({ success: false, error: DATABASE_FULL_MESSAGE });
    expect(await events()).toEqual([]);
  });

  it.each([
    ['storage raised it', '/api/test/storage-full'],
    ["this server's disk refused a write", '/api/test/disk-full'],
  ])('%s: 507 in words on any route', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ success: false, error: STORAGE_FULL });
    expect(app.providers.storageSpace.isFull()).toBe(true);
  });

  it("another service's full bucket is that service's failure: a 500", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/delivery-bucket-full' });
    expect(response.statusCode).toBe(500);
  });
});
