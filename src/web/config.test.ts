// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig, type PublicConfig } from '../domain/public-config';
import { publicConfigSchema } from '../domain/public-config-schema';
import { isPublicConfig, readPublicConfig } from './config';
import { pageWithJson } from './test/page-with-json';

const valid: PublicConfig = {
  labelName: 'Nightjar Records',
  contactEmail: 'hello@nightjar.example',
  reviewPromise: '5-7 days',
  devMode: true,
  version: '1.4.0',
  social: { video: 'https://www.youtube.com/@nightjar', music: 'https://open.spotify.com/user/x' },
  turnstileSiteKey: '0x4AAAAAAA',
};

/** Each a way the embedded JSON could be wrong; the schema refuses every one. */
const broken: Array<[string, unknown]> = [
  ['not an object', 'Nightjar'],
  ['an array', [valid]],
  ['null', null],
  ['no label name', { ...valid, labelName: undefined }],
  ['an empty label name', { ...valid, labelName: '' }],
  ['a label name that is a number', { ...valid, labelName: 7 }],
  ['a contact address without @', { ...valid, contactEmail: 'hello.nightjar.example' }],
  ['a contact address with a space', { ...valid, contactEmail: 'hello there@nightjar.example' }],
  ['an empty review promise', { ...valid, reviewPromise: '' }],
  ['devMode as a string', { ...valid, devMode: 'true' }],
  ['no version', { ...valid, version: undefined }],
  ['no social links object', { ...valid, social: undefined }],
  ['social links as an array', { ...valid, social: [] }],
  ['a social link that is not a URL', { ...valid, social: { music: 'spotify' } }],
  ['a social link that is a number', { ...valid, social: { photo: 3 } }],
  ['a Turnstile key that is a number', { ...valid, turnstileSiteKey: 42 }],
];

describe('the embedded public configuration, checked without zod', () => {
  it.each<[string, unknown]>([
    ['a full configuration', valid],
    ['the defaults', defaultPublicConfig],
    ['no optional fields', { ...defaultPublicConfig, social: {} }],
  ])('accepts %s, as the schema does', (_name, value) => {
    expect(publicConfigSchema.safeParse(value).success).toBe(true);
    expect(isPublicConfig(value)).toBe(true);
  });

  it.each(broken)('refuses %s, as the schema does', (_name, value) => {
    expect(publicConfigSchema.safeParse(value).success).toBe(false);
    expect(isPublicConfig(value)).toBe(false);
  });

  const page = (json: string | null) => pageWithJson('imprint-config', json);

  it('reads the configuration the server embedded', () => {
    expect(readPublicConfig(page(JSON.stringify(valid)))).toEqual(valid);
  });

  it('falls back to the defaults when it is missing, not JSON, or broken', () => {
    expect(readPublicConfig(page(null))).toBe(defaultPublicConfig);
    expect(readPublicConfig(page('{not json'))).toBe(defaultPublicConfig);
    expect(readPublicConfig(page(JSON.stringify({ ...valid, devMode: 'yes' })))).toBe(defaultPublicConfig);
  });
});
