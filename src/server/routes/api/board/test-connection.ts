import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOnly } from '../../../policies/authentication';
import { EXTERNAL_BOARD_NOT_CONFIGURED, ExternalBoardError } from '../../../providers/board/monday-board';

const testConnectionResponseSchema = z.object({
  success: z.boolean(),
  configured: z.boolean(),
  message: z.string(),
  account: z.object({ name: z.string(), userName: z.string(), boardId: z.string() }).optional(),
});

/** Staff check the optional monday.com mirror: is the token good, and the board within its reach. */
export const testConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly);

  app.get(
    '/api/board/test-connection',
    { schema: { response: { 200: testConnectionResponseSchema } } },
    async () => {
      const board = app.providers.externalBoard;
      const monday = app.config.monday;
      if (!board || !monday)
        return { success: true, configured: false, message: EXTERNAL_BOARD_NOT_CONFIGURED };
      try {
        const me = await board.testConnection();
        // The token may be good and the board still out of its reach: check both.
        const columns = await board.listColumns();
        return {
          success: true,
          configured: true,
          message: `Connected to monday.com as ${me.userName} (${me.accountName}); board ${monday.boardId} has ${columns.length} columns`,
          account: { name: me.accountName, userName: me.userName, boardId: monday.boardId },
        };
      } catch (error) {
        if (!(error instanceof ExternalBoardError)) throw error;
        // The test ran and found a fault: that is its answer, not a failure of this request.
        return { success: false, configured: true, message: error.message };
      }
    },
  );
};
