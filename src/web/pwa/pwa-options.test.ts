import { describe, expect, it } from 'vitest';
import { applyPrecacheRules, pwaOptions } from './pwa-options';
import { NOT_PRECACHED_CHUNKS } from './sw-rules';

const entry = (url: string, revision: string | null = null) => ({ url, revision, size: 1000 });

/** A build's glob matches: every listed chunk is there. */
const leftOut = NOT_PRECACHED_CHUNKS.map((chunk) => entry(`assets/${chunk}-Ab12Cd34.js`));
const kept = [
  entry('assets/index-CgdZNW6B.js'),
  entry('assets/index-D4nh0gOI.css'),
  entry('assets/dashboard-page-Bg5gJ3oR.js'),
  entry('assets/signing-page-C0onzqq2.js'),
  entry('assets/roboto-latin-400-normal-BqEyEoaF.woff2'),
  entry('offline.html', '1da95d58'),
  entry('offline.css', 'e2e73309'),
  entry('offline.js', '69262961'),
  entry('favicon.svg', 'f1ff5566'),
];

describe('the precache list of the build', () => {
  it('keeps the app’s files and drops the staff console’s and the signing embed’s', async () => {
    const result = await applyPrecacheRules([...kept, ...leftOut]);
    expect(result.manifest).toEqual(kept);
    expect(result.warnings).toEqual([]);
  });

  it('drops whatever the worker’s rules refuse, should the globs ever match it', async () => {
    const result = await applyPrecacheRules([
      ...kept,
      ...leftOut,
      entry('index.html', 'abc'),
      entry('sw.js', 'abc'),
      entry('api/config', 'abc'),
    ]);
    expect(result.manifest).toEqual(kept);
  });

  it('warns when a listed chunk matches no built file', async () => {
    const result = await applyPrecacheRules([...kept, ...leftOut.slice(1)]);
    expect(result.manifest).toEqual(kept);
    expect(result.warnings).toEqual([
      `NOT_PRECACHED_CHUNKS (src/web/pwa/sw-rules.ts) names '${NOT_PRECACHED_CHUNKS[0]}', but no built file is assets/${NOT_PRECACHED_CHUNKS[0]}-<hash>.js`,
    ]);
  });

  it('is the last step of the plugin’s precache list', () => {
    expect(pwaOptions.injectManifest?.manifestTransforms).toEqual([applyPrecacheRules]);
  });
});
