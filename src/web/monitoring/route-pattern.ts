import { matchRoutes, type RouteObject } from 'react-router';

/** What the server accepts as a route (webVitalsBeaconSchema); anything else is reported as '/*'. */
const ROUTE_PATTERN = /^\/[A-Za-z0-9/:._*-]*$/;

/**
 * The route pattern a path matches in the app's route table ('/submission/:id' for
 * '/submission/1b2c...'), so that measurements group by page and never carry ids or tokens. The
 * index route is '/', and a path no page claims is '/*'.
 */
export function routePatternOf(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  const parts = matches
    .map((match) => match.route.path)
    .filter((path): path is string => path !== undefined && path !== '')
    .map((path) => path.replace(/^\/+|\/+$/g, ''));
  const pattern = `/${parts.join('/')}`.replace(/\/+/g, '/');
  if (pattern === '/*' || parts.at(-1) === '*') return '/*';
  return ROUTE_PATTERN.test(pattern) ? pattern : '/*';
}
