import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BoardListResponse, type BoardRow, boardListResponseSchema } from '../domain';
import { compileJsonSerializer } from './json-serializer';

/** What the app's own serializer writes (app.ts: fastify-type-provider-zod's). */
const throughZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

function row(i: number): BoardRow {
  return {
    itemId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    status: i % 3 === 0 ? 'pending' : 'approved',
    itemName: `Artist ${i} - Release ${i}`,
    artistName: `Artist ${i}`,
    releaseTitle: `Release “${i}” \\ "quoted"\n`,
    uploadType: 'new-music',
    releaseType: 'single',
    releaseDate: i % 2 ? '2026-03-01' : null,
    createdAt: '2026-01-02T03:04:05.123456Z',
    trackCount: 3,
    catalogueItemCount: 0,
    ...(i % 4 === 0
      ? {}
      : { responseDue: i % 4 === 1 ? null : { answerBy: '2026-01-09', daysLeft: -2, state: 'overdue' } }),
    statusChangedAt: '2026-01-03T00:00:00.000Z',
    assignee:
      i % 2 ? null : { userId: 'u1', name: i % 3 ? null : 'Sam Reviewer', email: 'sam@label.example' },
    rating: i % 5 === 0 ? 4 : null,
    deliveryState: i % 4 === 0 ? null : i % 4 === 1 ? 'delivered' : 'failed',
    preview:
      i % 3 === 2
        ? null
        : {
            trackTitle: 'Track 1',
            url: '/files/abc?expires=1&sig=x',
            peaks: i % 3 === 1 ? null : Array.from({ length: 120 }, (_, bar) => (bar * 37) % 101),
          },
  };
}

const page: BoardListResponse = {
  success: true,
  items: Array.from({ length: 12 }, (_, i) => row(i)),
  nextCursor: 'WzEsImFiYyJd.sig',
  total: 1000,
  counts: { pending: 1000, approved: 12, live: 0 },
  overdue: 3,
  countsCapped: ['pending'],
  totalCapped: true,
};

describe('the compiled JSON serializer', () => {
  const serialize = compileJsonSerializer(boardListResponseSchema);

  it('writes what zod writes for a board page: nulls, absent optionals, escapes, waveforms', () => {
    expect(JSON.parse(serialize(page))).toEqual(JSON.parse(throughZod(boardListResponseSchema, page)));
    const last = {
      ...page,
      nextCursor: null,
      countsCapped: undefined,
      totalCapped: undefined,
      overdue: undefined,
    };
    expect(JSON.parse(serialize(last))).toEqual(JSON.parse(throughZod(boardListResponseSchema, last)));
    expect(JSON.parse(serialize({ ...page, items: [] }))).toEqual({ ...page, items: [] });
  });

  it('writes nothing the schema does not name, as zod strips it', () => {
    const leaky = {
      ...page,
      internal: 'not for the browser',
      items: page.items.map((item) => ({
        ...item,
        passwordHash: 'secret',
        preview: item.preview && { ...item.preview, storageKey: 'k' },
      })),
    };
    const written = serialize(leaky);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('storageKey');
    expect(written).not.toContain('not for the browser');
    expect(JSON.parse(written)).toEqual(JSON.parse(throughZod(boardListResponseSchema, leaky)));
  });

  it('refuses at start a schema it cannot write as zod would (a transform, a union)', () => {
    expect(() =>
      compileJsonSerializer(z.object({ at: z.string().transform((value) => new Date(value)) })),
    ).toThrow();
    const union = z.object({ details: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) });
    expect(() => compileJsonSerializer(union)).toThrow(/oneOf|anyOf/);
    // A nullable value is no union: it is written as its type or null.
    const nullable = compileJsonSerializer(z.object({ n: z.object({ a: z.string() }).nullable() }));
    expect(nullable({ n: null })).toBe('{"n":null}');
    expect(nullable({ n: { a: 'x', b: 'unnamed' } })).toBe('{"n":{"a":"x"}}');
  });
});
