import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import { type $ZodType, safeParse } from 'zod/v4/core';
import {
  describeFieldIssue,
  type FieldIssue,
  findUnstorableText,
  REQUEST_BODY_EMPTY,
  REQUEST_BODY_NOT_JSON,
  REQUEST_BODY_TOO_LARGE,
  REQUEST_CONTENT_TYPE_UNSUPPORTED,
  REQUEST_MALFORMED,
  ROUTE_NOT_FOUND,
  UNSTORABLE_TEXT,
} from '../domain';
import { AppError } from './errors';

/**
 * How a request that cannot be used is answered: every refusal is a 4xx
 * `{ success: false, error, details? }` in the words of src/domain, never a validation library's
 * or the framework's own.
 */

const pointer = (path: readonly PropertyKey[]) => `/${path.map(String).join('/')}`;

export interface FieldProblem {
  path: string;
  message: string;
}

export type ParsedRequestPart<T> =
  | { success: true; data: T }
  | { success: false; error: string; details: FieldProblem[] };

/**
 * Parses a request part (a body, a query, multipart fields) with its zod schema. A field the schema
 * gives no message of its own is described by the domain (describeFieldIssue); a value that passes
 * but holds text that cannot be stored (NUL, a lone surrogate) is refused as well, for every route
 * at once, before any query sees it.
 */
export function parseRequestPart<T>(schema: $ZodType<T>, data: unknown): ParsedRequestPart<T> {
  const result = safeParse(schema, data, { error: (issue) => describeFieldIssue(issue as FieldIssue) });
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: pointer(issue.path),
      message: issue.message,
    }));
    return { success: false, error: details[0]?.message ?? REQUEST_MALFORMED, details };
  }
  const unstorable = findUnstorableText(result.data);
  if (unstorable) {
    return {
      success: false,
      error: UNSTORABLE_TEXT,
      details: [{ path: pointer(unstorable), message: UNSTORABLE_TEXT }],
    };
  }
  return { success: true, data: result.data };
}

/** Fastify's validator for every route's schemas (app.ts): parseRequestPart in its terms. */
export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const parsed = parseRequestPart(schema, data);
    if (parsed.success) return { value: parsed.data };
    return {
      error: parsed.details.map(
        (problem): FastifySchemaValidationError => ({
          keyword: 'invalid',
          instancePath: problem.path,
          schemaPath: '',
          params: {},
          message: problem.message,
        }),
      ),
    };
  };

/** No Content-Length (or 0) and no Transfer-Encoding: the client sent no body at all. */
function sentNoBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0';
}

/**
 * A request with no body at all (`curl -X POST` sends neither a body nor a Content-Type) is read as
 * `{}` by every route that has a body schema: an action that needs no fields (sign out, re-run a
 * job) then just runs, and one that needs fields names the first one missing instead of asking for
 * a JSON object. A JSON `null` that was sent stays what it is. Only routes with a body schema get
 * the hook, so no other request pays for it.
 */
export function readAbsentBodyAsEmpty(app: FastifyInstance): void {
  const hook = async (request: FastifyRequest) => {
    if (request.body == null && sentNoBody(request)) request.body = {};
  };
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const existing = route.preValidation;
    route.preValidation = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : hook;
  });
}

export interface RequestErrorAnswer {
  status: number;
  error: string;
  details?: { path: string; message: string }[];
}

function isValidationError(
  error: unknown,
): error is { code: 'FST_ERR_VALIDATION'; validation: FastifySchemaValidationError[] } {
  const candidate = error as { code?: unknown; validation?: unknown };
  return candidate?.code === 'FST_ERR_VALIDATION' && Array.isArray(candidate.validation);
}

/** Fastify's own refusals, by code, in the domain's words. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: REQUEST_BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: REQUEST_CONTENT_TYPE_UNSUPPORTED,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: REQUEST_MALFORMED,
  FST_ERR_CTP_EMPTY_JSON_BODY: REQUEST_BODY_EMPTY,
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST_BODY_NOT_JSON,
  FST_ERR_CTP_EMPTY_TYPE: REQUEST_CONTENT_TYPE_UNSUPPORTED,
  FST_ERR_CTP_INVALID_TYPE: REQUEST_CONTENT_TYPE_UNSUPPORTED,
  FST_ERR_BAD_URL: REQUEST_MALFORMED,
  FST_ERR_INVALID_URL: REQUEST_MALFORMED,
  FST_ERR_MAX_PARAM_LENGTH: REQUEST_MALFORMED,
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: REQUEST_CONTENT_TYPE_UNSUPPORTED,
  FST_ERR_ROUTE_MISSING_CONTENT: REQUEST_BODY_EMPTY,
  FST_ERR_NOT_FOUND: ROUTE_NOT_FOUND,
  // @fastify/multipart: the request says multipart but is not.
  FST_INVALID_MULTIPART_CONTENT_TYPE: REQUEST_CONTENT_TYPE_UNSUPPORTED,
  FST_PROTO_VIOLATION: REQUEST_MALFORMED,
};

/**
 * The answer to an error that is the request's fault and not an AppError: a schema's refusal, or
 * one of the framework's. Undefined for anything else (a 5xx, an AppError).
 */
export function requestErrorAnswer(error: unknown): RequestErrorAnswer | undefined {
  if (error instanceof AppError) return undefined;
  if (isValidationError(error)) {
    return {
      status: 400,
      error: error.validation[0]?.message ?? REQUEST_MALFORMED,
      details: error.validation.map((issue) => ({
        path: issue.instancePath,
        message: issue.message ?? REQUEST_MALFORMED,
      })),
    };
  }
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return undefined;
  const known = typeof code === 'string' ? FRAMEWORK_MESSAGES[code] : undefined;
  if (known) return { status: statusCode, error: known };
  // The JSON parser's SyntaxError carries only the parser's words.
  if (error instanceof SyntaxError) return { status: 400, error: REQUEST_BODY_NOT_JSON };
  return { status: statusCode, error: REQUEST_MALFORMED };
}

/**
 * Fastify's `frameworkErrors`: what it refuses before any route is found (a path that is not valid
 * percent-encoding, a path parameter too long), answered like every other refusal.
 */
export function answerFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = requestErrorAnswer(error) ?? { status: 400, error: REQUEST_MALFORMED };
  void reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, error: answer.error }));
}
