import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVALID_LIST_CURSOR, LIST_CURSOR_MISMATCH } from '../../../domain';
import { AppError } from '../../errors';
import { decodeListCursor, encodeListCursor, type ListCursor, type ListScope } from './list-cursor';

const key = randomBytes(32);
const scope: ListScope = { list: 'board', sort: 'newest', filters: { status: 'pending' } };
const cursor: ListCursor = {
  after: { createdAt: '2024-05-06T07:08:09.123456Z', id: randomUUID() },
  totals: [3, 0, 12],
};

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('the cursor was accepted');
}

describe('list cursors', () => {
  it('round-trip the position and totals, as base64url', () => {
    const encoded = encodeListCursor(key, scope, cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(key, scope, encoded)).toEqual(cursor);
  });

  it('ignore the order filters are given in, and filters left undefined', () => {
    const encoded = encodeListCursor(key, { ...scope, filters: { b: '2', a: '1', c: undefined } }, cursor);
    expect(decodeListCursor(key, { ...scope, filters: { a: '1', b: '2' } }, encoded)).toEqual(cursor);
  });

  it('refuse one of another list, order, filter or owner', () => {
    const encoded = encodeListCursor(key, scope, cursor);
    for (const other of [
      { ...scope, list: 'artist-submissions' },
      { ...scope, sort: 'oldest' as const },
      { ...scope, filters: {} },
      { ...scope, filters: { status: 'live' } },
    ]) {
      expect(refusal(() => decodeListCursor(key, other, encoded))).toBe(LIST_CURSOR_MISMATCH);
    }
  });

  it('refuse garbage, an edited payload, another key’s signature, and a signed cursor holding nonsense', () => {
    const encoded = encodeListCursor(key, scope, cursor);
    const [payload = '', mac = ''] = encoded.split('.');
    const edited = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('"2024-', '"2023-'),
    ).toString('base64url');
    const cases = [
      '',
      'nonsense',
      `${payload}.`,
      `${payload}.${mac}.extra`,
      `${edited}.${mac}`,
      encodeListCursor(randomBytes(32), scope, cursor),
      encodeListCursor(key, scope, { ...cursor, after: { ...cursor.after, createdAt: 'yesterday' } }),
      encodeListCursor(key, scope, { ...cursor, after: { ...cursor.after, id: 'x' } }),
      encodeListCursor(key, scope, { ...cursor, totals: [-1] }),
    ];
    for (const bad of cases)
      expect(refusal(() => decodeListCursor(key, scope, bad))).toBe(INVALID_LIST_CURSOR);
  });
});
