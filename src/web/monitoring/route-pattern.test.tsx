import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../domain/public-config';
import { appRoutes } from '../routes';
import { routePatternOf } from './route-pattern';

describe('the route a page load is counted under', () => {
  const routes = appRoutes(defaultPublicConfig);
  it.each([
    ['/', '/'],
    ['/submit', '/submit'],
    ['/submission/1b2c3d4e-0000-4000-8000-000000000000', '/submission/:id'],
    ['/i/secret-token-value', '/i/:token'],
    ['/sign/abc', '/sign/:token'],
    ['/details/42', '/details/:submissionId'],
    ['/no/such/page', '/*'],
  ])('%s is %s', (path, pattern) => {
    expect(routePatternOf(routes, path)).toBe(pattern);
  });
});
