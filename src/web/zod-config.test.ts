import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('switches zod’s JIT off where zod reads its configuration', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
