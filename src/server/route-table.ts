import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One route as Fastify registered it: what the fuzz suite walks (src/server/fuzz/). */
export interface RouteEntry {
  method: HTTPMethods;
  /** The pattern, `/api/board/items/:itemId`, `*` for a wildcard. */
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled in as they are added (so a new route is in it at once). */
    routeTable: readonly RouteEntry[];
  }
}

/** Records every route added after this call, including those of encapsulated plugins. */
export function collectRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, schema: route.schema });
  });
}
