import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../errors';
import {
  BACKUP_SECRET_HEADER,
  BackupRequests,
  takeBackupRequest,
} from '../../services/backup/backup-requests';
import { createBackup } from '../../services/backup/create-backup';

const params = z.object({ requestId: z.string().max(200) });
const UNKNOWN_REQUEST = 'There is no such backup request.';

function secretOf(headers: Record<string, unknown>): string {
  const value = headers[BACKUP_SECRET_HEADER];
  return typeof value === 'string' ? value : '';
}

/**
 * The backup command's way in while this server holds the embedded database
 * (services/backup/backup-requests.ts): no session, only a request the command wrote into DATA_DIR.
 * POST takes the request and starts the archive; GET answers its progress.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = new BackupRequests();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/backup/requests/:requestId', { schema: { params } }, async (request, reply) => {
    const secret = secretOf(request.headers);
    const { requestId } = request.params;
    if (requests.running) throw conflict('A backup is being written already: wait for it to finish.');
    const file = await takeBackupRequest(app.config.dataDir, requestId, secret);
    if (!file) throw notFound(UNKNOWN_REQUEST);
    requests.start(requestId, secret, () =>
      createBackup({ db: app.db, storage: app.providers.storage, dataDir: app.config.dataDir }, file),
    );
    app.log.info({ file }, 'backup requested from the command line');
    return reply.code(202).send({ success: true, state: 'running' });
  });

  app.get('/api/backup/requests/:requestId', { schema: { params } }, async (request) => {
    const state = requests.state(request.params.requestId, secretOf(request.headers));
    if (!state) throw notFound(UNKNOWN_REQUEST);
    return { success: true, ...state };
  });
};
