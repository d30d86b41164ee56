import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardExportQuerySchema, formatBoardExportFileName } from '../../../../domain';
import { staffOnly } from '../../../policies/authentication';
import { readPromiseClock } from '../../../services/response-promise/promise-settings';
import { openBoardExport } from '../../../services/submissions/export-board';
import { requestNow } from '../../../test-clock';
import { contentDisposition } from '../../files';

/**
 * The board's current view as a CSV file for a distributor's bulk sheet, beside board/items.ts:
 * the same search, filters and order, every match, one line per track. Staff only. Sent as it is
 * read (a stream), so a board of any size costs one page of memory.
 */
export const boardExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/board/export.csv',
    { schema: { querystring: boardExportQuerySchema } },
    async (request, reply) => {
      const promise = await readPromiseClock(app.db, app.config, requestNow(app.config, request));
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', formatBoardExportFileName(promise.today)),
        );
      // A HEAD asks for these headers only: sent a stream, Fastify would read the whole file to drop it.
      if (request.method === 'HEAD') return reply.send();
      const lines = await openBoardExport(
        {
          db: app.db,
          cursorKey: app.signingKey,
          signer: request.pageLinks,
          promise,
          labelName: app.config.label.name,
        },
        request.query,
      );
      return reply.send(Readable.from(lines, { objectMode: false }));
    },
  );
};
