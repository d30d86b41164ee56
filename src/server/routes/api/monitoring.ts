import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReportPayloadSchema } from '../../../domain';
import { recordErrorReport } from '../../services/monitoring/record-error-report';

/** A report is a message, a stack and some context: far below this; more is not a report. */
const REPORT_BODY_LIMIT_BYTES = 64 * 1024;

/** Client error reports (spec 001 §7). Anyone may report: most reports come from visitors. */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/monitoring/report-error',
    {
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      schema: { body: errorReportPayloadSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await recordErrorReport(app.db, {
        report: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const };
    },
  );
};
