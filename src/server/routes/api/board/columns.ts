import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';
import { staffOnly } from '../../../policies/authentication';
import { EXTERNAL_BOARD_NOT_CONFIGURED, ExternalBoardError } from '../../../providers/board/monday-board';

const columnsResponseSchema = z.object({
  success: z.boolean(),
  configured: z.boolean(),
  message: z.string().optional(),
  columns: z.array(z.object({ id: z.string(), title: z.string(), type: z.string() })).optional(),
});

/** The columns of the optional monday.com mirror's board, which its sync matches by title. */
export const columnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get('/api/board/columns', { schema: { response: { 200: columnsResponseSchema } } }, async () => {
    const board = app.providers.externalBoard;
    if (!board) return { success: true, configured: false, message: EXTERNAL_BOARD_NOT_CONFIGURED };
    try {
      return { success: true, configured: true, columns: await board.listColumns() };
    } catch (error) {
      if (!(error instanceof ExternalBoardError)) throw error;
      throw new AppError(502, error.message);
    }
  });
};
