import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { MONDAY_API_VERSION } from '../providers/board/monday-board';
import { close, listen, readBody, sendJson } from './http';

/**
 * Test support and local development: a local stand-in for monday.com's GraphQL API. It
 * recognises the operations Imprint sends (create_item, change_multiple_column_values,
 * delete_item, boards → columns, me), checks the Authorization and API-Version headers and the
 * variables, and answers in monday.com's shapes: application errors with HTTP 200 in `errors[]`,
 * 429 with Retry-After, the complexity error.
 */
export type MondayOperation =
  | 'create_item'
  | 'change_multiple_column_values'
  | 'delete_item'
  | 'boards'
  | 'me'
  | 'unknown';

export interface MondayStandInRequest {
  operation: MondayOperation;
  headers: { authorization: string | undefined; apiVersion: string | undefined };
  query: string;
  variables: Record<string, unknown>;
  status: number;
}

export interface MondayStandInItem {
  id: string;
  name: string;
  columnValues: Record<string, unknown>;
}

export interface MondayStandIn {
  apiUrl: string;
  apiToken: string;
  boardId: string;
  columns: { id: string; title: string; type: string }[];
  /** Every request received, in order, with the status it was answered. */
  requests: MondayStandInRequest[];
  items: Map<string, MondayStandInItem>;
  /** The next request answers HTTP 429 with this Retry-After (seconds). */
  rateLimitNext(retryAfterSeconds: number): void;
  /** The next request answers the complexity-budget error (HTTP 200, as monday.com does). */
  complexityNext(retryInSeconds: number): void;
  /** The next request answers HTTP 200 with this application error in `errors[]`. */
  applicationErrorNext(message: string, code: string): void;
  close(): Promise<void>;
}

export const STAND_IN_COLUMNS = [
  { id: 'name', title: 'Name', type: 'name' },
  { id: 'text_artist', title: 'Artist Name', type: 'text' },
  { id: 'text_first', title: 'First Name', type: 'text' },
  { id: 'text_surname', title: 'Surname', type: 'text' },
  { id: 'email_main', title: 'Email', type: 'email' },
  { id: 'text_country', title: 'Country', type: 'text' },
  { id: 'text_city', title: 'City', type: 'text' },
  { id: 'text_release', title: 'Release Title', type: 'text' },
  { id: 'text_type', title: 'Release Type', type: 'text' },
  { id: 'text_genres', title: 'Genres', type: 'text' },
  { id: 'status', title: 'Status', type: 'status' },
  { id: 'date4', title: 'Due date', type: 'date' },
];

function operationOf(query: string): MondayOperation {
  // The first selection of the operation names it; strip the operation header first.
  const body = query.replace(/^\s*(query|mutation)\b[^{]*\{/, '').trim();
  const field = /^([A-Za-z_]+)/.exec(body)?.[1];
  if (
    field === 'create_item' ||
    field === 'change_multiple_column_values' ||
    field === 'delete_item' ||
    field === 'boards' ||
    field === 'me'
  )
    return field;
  return 'unknown';
}

const applicationError = (message: string, code: string, extra: Record<string, unknown> = {}) => ({
  data: null,
  errors: [{ message, locations: [{ line: 2, column: 3 }], extensions: { code, ...extra } }],
  account_id: 1_000_001,
});

export async function startMondayStandIn(
  options: {
    apiToken?: string;
    boardId?: string;
    columns?: MondayStandIn['columns'];
    /** A fixed port (see listen); default any free one. */
    port?: number;
  } = {},
): Promise<MondayStandIn> {
  const apiToken = options.apiToken ?? 'stand-in-token';
  const boardId = options.boardId ?? '1234567890';
  const columns = options.columns ?? STAND_IN_COLUMNS;
  const requests: MondayStandInRequest[] = [];
  const items = new Map<string, MondayStandInItem>();
  let nextItemId = 9_000_000_001;
  let nextFailure: ((response: ServerResponse) => number) | undefined;

  const send = sendJson;

  const answer = (
    response: ServerResponse,
    operation: MondayOperation,
    request: IncomingMessage,
    variables: Record<string, unknown>,
  ): number => {
    const authorization = request.headers.authorization;
    if (authorization !== apiToken) {
      return send(response, 401, {
        errors: [{ message: 'Not Authenticated', extensions: { code: 'UNAUTHENTICATED' } }],
      });
    }
    const version = request.headers['api-version'];
    if (version !== MONDAY_API_VERSION) {
      return send(
        response,
        200,
        applicationError(`Unsupported API version: ${String(version)}`, 'InvalidVersionException'),
      );
    }
    if (nextFailure) {
      const fail = nextFailure;
      nextFailure = undefined;
      return fail(response);
    }
    const boardMatches = (value: unknown) =>
      Array.isArray(value) ? value.map(String).includes(boardId) : String(value) === boardId;
    const parseValues = (value: unknown): Record<string, unknown> | undefined => {
      if (typeof value !== 'string') return undefined;
      try {
        const parsed = JSON.parse(value) as unknown;
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : undefined;
      } catch {
        return undefined;
      }
    };
    const unknownColumn = (values: Record<string, unknown>) =>
      Object.keys(values).find((id) => !columns.some((column) => column.id === id));
    switch (operation) {
      case 'me':
        return send(response, 200, {
          data: { me: { name: 'Stand-in Staff', account: { name: 'Stand-in Label' } } },
          account_id: 1_000_001,
        });
      case 'boards':
        return send(response, 200, {
          data: { boards: boardMatches(variables.boardId) ? [{ columns }] : [] },
          account_id: 1_000_001,
        });
      case 'create_item': {
        if (!boardMatches(variables.boardId))
          return send(response, 200, applicationError('The board does not exist', 'InvalidBoardIdException'));
        const values = parseValues(variables.columnValues);
        if (!values || typeof variables.itemName !== 'string')
          return send(response, 200, applicationError('Invalid column values', 'InvalidArgumentException'));
        const missing = unknownColumn(values);
        if (missing)
          return send(
            response,
            200,
            applicationError(`Column not found: ${missing}`, 'InvalidColumnIdException'),
          );
        const id = String(nextItemId++);
        items.set(id, { id, name: variables.itemName, columnValues: values });
        return send(response, 200, { data: { create_item: { id } }, account_id: 1_000_001 });
      }
      case 'change_multiple_column_values': {
        if (!boardMatches(variables.boardId))
          return send(response, 200, applicationError('The board does not exist', 'InvalidBoardIdException'));
        const item = items.get(String(variables.itemId));
        if (!item)
          return send(response, 200, applicationError('Item not found in board', 'InvalidItemIdException'));
        const values = parseValues(variables.columnValues);
        if (!values)
          return send(response, 200, applicationError('Invalid column values', 'InvalidArgumentException'));
        const { name, ...rest } = values;
        const missing = unknownColumn(rest);
        if (missing)
          return send(
            response,
            200,
            applicationError(`Column not found: ${missing}`, 'InvalidColumnIdException'),
          );
        if (typeof name === 'string') item.name = name;
        item.columnValues = { ...item.columnValues, ...rest };
        return send(response, 200, {
          data: { change_multiple_column_values: { id: item.id } },
          account_id: 1_000_001,
        });
      }
      case 'delete_item': {
        // Item ids are unique across boards: monday.com's delete_item takes no board id.
        const id = String(variables.itemId);
        if (!items.delete(id))
          return send(response, 200, applicationError('Item not found in board', 'InvalidItemIdException'));
        return send(response, 200, { data: { delete_item: { id } }, account_id: 1_000_001 });
      }
      default:
        return send(
          response,
          200,
          applicationError('Cannot query field on type "Query"', 'GRAPHQL_VALIDATION_FAILED'),
        );
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      const raw = (await readBody(request)).toString('utf8');
      let query = '';
      let variables: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(raw) as { query?: unknown; variables?: unknown };
        query = typeof parsed.query === 'string' ? parsed.query : '';
        variables = (parsed.variables ?? {}) as Record<string, unknown>;
      } catch {
        query = '';
      }
      const operation = operationOf(query);
      const status =
        request.method !== 'POST' || !query
          ? send(response, 400, { errors: [{ message: 'No query string was present' }] })
          : answer(response, operation, request, variables);
      const apiVersion = request.headers['api-version'];
      requests.push({
        operation,
        headers: {
          authorization: request.headers.authorization,
          apiVersion: typeof apiVersion === 'string' ? apiVersion : undefined,
        },
        query,
        variables,
        status,
      });
    })();
  });
  const port = await listen(server, options.port);

  return {
    apiUrl: `http://127.0.0.1:${port}/v2`,
    apiToken,
    boardId,
    columns,
    requests,
    items,
    rateLimitNext(retryAfterSeconds) {
      nextFailure = (response) =>
        send(
          response,
          429,
          { errors: [{ message: 'Rate Limit Exceeded', extensions: { code: 'RATE_LIMIT_EXCEEDED' } }] },
          { 'retry-after': String(retryAfterSeconds) },
        );
    },
    complexityNext(retryInSeconds) {
      nextFailure = (response) =>
        send(
          response,
          200,
          applicationError('Complexity budget exhausted', 'COMPLEXITY_BUDGET_EXHAUSTED', {
            retry_in_seconds: retryInSeconds,
          }),
        );
    },
    applicationErrorNext(message, code) {
      nextFailure = (response) => send(response, 200, applicationError(message, code));
    },
    close: () => close(server),
  };
}
