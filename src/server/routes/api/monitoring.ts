import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReportPayloadSchema, webVitalsBeaconSchema } from '../../../domain';
import { badRequest } from '../../errors';
import { recordErrorReport } from '../../services/monitoring/record-error-report';
import { recordWebVitals } from '../../services/monitoring/record-web-vitals';

/** A report is a message, a stack and some context: far below this; more is not a report. */
const REPORT_BODY_LIMIT_BYTES = 64 * 1024;

/** One page load's metrics: a few short lines. */
const WEB_VITALS_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * Client error reports (spec 001 §7), web vitals and the upload keep-alive (spec 001
 * §9). Anyone may send them: most come from visitors.
 */
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

  app.post(
    '/api/monitoring/web-vitals',
    {
      bodyLimit: WEB_VITALS_BODY_LIMIT_BYTES,
      // sendBeacon with a string sends text/plain: read it as the JSON it is.
      preValidation: async (request) => {
        if (typeof request.body !== 'string') return;
        try {
          request.body = JSON.parse(request.body);
        } catch {
          throw badRequest('The measurements are not valid JSON');
        }
      },
      schema: { body: webVitalsBeaconSchema },
    },
    async (request, reply) => {
      await recordWebVitals(app.db, {
        beacon: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(204).send();
    },
  );

  /**
   * The keep-alive the form sends every 5 s while it uploads in a hidden tab (spec 001 §9): the
   * request itself is the point (browsers throttle hidden tabs that show no activity), so it
   * touches nothing and costs nothing.
   */
  app.post('/api/monitoring/heartbeat', { bodyLimit: 1024 }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });
};
