import type { AppConfig } from '../../config';

/**
 * The API version every request pins: monday.com changes response shapes between quarterly
 * versions (the complexity error did in 2025-10), so the mirror must not float with the default.
 * 2026-07 is the current stable version in monday.com's versioning page (September 2026).
 */
export const MONDAY_API_VERSION = '2026-07';

/** A column of the external board. */
export interface ExternalBoardColumn {
  id: string;
  title: string;
  type: string;
}

/** Column values keyed by column id, in the shape each column type accepts. */
export type ExternalColumnValues = Record<string, unknown>;

/** The board mirrored outside Imprint (monday.com). */
export interface ExternalBoard {
  createItem(
    input: { itemName: string; columnValues: ExternalColumnValues },
    signal?: AbortSignal,
  ): Promise<{ itemId: string }>;
  updateItem(
    itemId: string,
    input: { itemName: string; columnValues: ExternalColumnValues },
    signal?: AbortSignal,
  ): Promise<void>;
  /** Removes an item for good (the test dashboard removes what it created). */
  deleteItem(itemId: string, signal?: AbortSignal): Promise<void>;
  listColumns(signal?: AbortSignal): Promise<ExternalBoardColumn[]>;
  testConnection(signal?: AbortSignal): Promise<{ userName: string; accountName: string }>;
}

/**
 * A failed call. `transient` ones (network, 5xx, rate and complexity limits) succeed later
 * unchanged; the others (bad token, unknown board, a refused value) need someone to act.
 */
export class ExternalBoardError extends Error {
  override name = 'ExternalBoardError';
  constructor(
    message: string,
    readonly transient: boolean,
    readonly options: { code?: string | undefined; retryAfterMs?: number | undefined; status?: number } = {},
  ) {
    super(message);
  }
}

interface GraphQlError {
  message?: unknown;
  extensions?: { code?: unknown; retry_in_seconds?: unknown; status_code?: unknown };
}

interface GraphQlBody {
  data?: unknown;
  errors?: unknown;
  error_message?: unknown;
  error_code?: unknown;
  status_code?: unknown;
}

// Codes monday.com uses for limits that pass by themselves.
const RATE_LIMIT_CODES = new Set([
  'COMPLEXITY_BUDGET_EXHAUSTED',
  'ComplexityException',
  'RATE_LIMIT_EXCEEDED',
  'maxConcurrencyExceeded',
  'IP_RATE_LIMIT_EXCEEDED',
]);
// Server-side trouble reported as an application error.
const TRANSIENT_CODES = new Set(['INTERNAL_SERVER_ERROR', 'InternalServerException']);

/** Retry-After in seconds (or an HTTP date), as milliseconds. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** "… reset in 3 seconds" in the legacy ComplexityException message. */
function resetInMs(message: string): number | undefined {
  const match = /reset in (\d+) seconds?/i.exec(message);
  return match?.[1] ? Number(match[1]) * 1000 : undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The first error of a body, whichever of monday.com's two error shapes it uses. */
function firstError(
  body: GraphQlBody,
): { message: string; code?: string; retryInSeconds?: number } | undefined {
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first = body.errors[0] as GraphQlError | string;
    if (typeof first === 'string') {
      return { message: first, code: text(body.error_code) };
    }
    const retry = first.extensions?.retry_in_seconds;
    return {
      message: text(first.message) ?? 'Unknown error',
      code: text(first.extensions?.code) ?? text(body.error_code),
      ...(typeof retry === 'number' ? { retryInSeconds: retry } : {}),
    };
  }
  const legacy = text(body.error_message);
  if (legacy) return { message: legacy, code: text(body.error_code) };
  return undefined;
}

/**
 * monday.com's GraphQL API (https://developer.monday.com/api-reference): one POST per operation
 * with the personal token in `Authorization` and a pinned `API-Version`. Application errors come
 * with HTTP 200 in `errors[]` (or the legacy `error_message`), so a 200 is not yet a success.
 */
export class MondayBoard implements ExternalBoard {
  constructor(
    private readonly options: { apiToken: string; boardId: string; apiUrl: string; timeoutMs?: number },
  ) {}

  private async request<T>(
    query: string,
    variables: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    let response: Response;
    try {
      response = await fetch(this.options.apiUrl, {
        method: 'POST',
        headers: {
          authorization: this.options.apiToken,
          'api-version': MONDAY_API_VERSION,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ query, variables }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ExternalBoardError(`monday.com could not be reached: ${(error as Error).message}`, true);
    }
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    let body: GraphQlBody | undefined;
    try {
      body = (await response.json()) as GraphQlBody;
    } catch {
      body = undefined;
    }
    const error = body ? firstError(body) : undefined;
    const status = response.status;
    if (status === 429 || (error?.code && RATE_LIMIT_CODES.has(error.code))) {
      const wait =
        retryAfter ??
        (error?.retryInSeconds !== undefined ? error.retryInSeconds * 1000 : undefined) ??
        (error ? resetInMs(error.message) : undefined);
      throw new ExternalBoardError(`monday.com rate limit: ${error?.message ?? 'Too many requests'}`, true, {
        code: error?.code ?? 'RATE_LIMITED',
        retryAfterMs: wait ?? 60_000,
        status,
      });
    }
    if (status >= 500 || (error?.code && TRANSIENT_CODES.has(error.code))) {
      throw new ExternalBoardError(
        `monday.com answered ${status}: ${error?.message ?? 'server error'}`,
        true,
        {
          code: error?.code,
          status,
        },
      );
    }
    if (status === 401 || status === 403) {
      throw new ExternalBoardError(
        `monday.com refused the API token: ${error?.message ?? 'Not Authenticated'}`,
        false,
        { code: error?.code, status },
      );
    }
    if (error) {
      throw new ExternalBoardError(`monday.com: ${error.message}`, false, { code: error.code, status });
    }
    if (status !== 200 || !body || typeof body.data !== 'object' || body.data === null) {
      throw new ExternalBoardError(`monday.com answered ${status} without data`, status >= 500, { status });
    }
    return body.data as T;
  }

  async createItem(
    input: { itemName: string; columnValues: ExternalColumnValues },
    signal?: AbortSignal,
  ): Promise<{ itemId: string }> {
    const data = await this.request<{ create_item: { id: string } | null }>(
      `mutation CreateItem($boardId: ID!, $itemName: String!, $columnValues: JSON) {
  create_item(board_id: $boardId, item_name: $itemName, column_values: $columnValues, create_labels_if_missing: true) { id }
}`,
      {
        boardId: this.options.boardId,
        itemName: input.itemName,
        columnValues: JSON.stringify(input.columnValues),
      },
      signal,
    );
    const id = data.create_item?.id;
    if (!id) throw new ExternalBoardError('monday.com created no item', false);
    return { itemId: String(id) };
  }

  async updateItem(
    itemId: string,
    input: { itemName: string; columnValues: ExternalColumnValues },
    signal?: AbortSignal,
  ): Promise<void> {
    // `name` in column_values renames the item in the same call.
    const data = await this.request<{ change_multiple_column_values: { id: string } | null }>(
      `mutation UpdateItem($boardId: ID!, $itemId: ID!, $columnValues: JSON!) {
  change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $columnValues, create_labels_if_missing: true) { id }
}`,
      {
        boardId: this.options.boardId,
        itemId,
        columnValues: JSON.stringify({ name: input.itemName, ...input.columnValues }),
      },
      signal,
    );
    if (!data.change_multiple_column_values?.id) {
      throw new ExternalBoardError(`monday.com has no item ${itemId} on the board`, false);
    }
  }

  async deleteItem(itemId: string, signal?: AbortSignal): Promise<void> {
    // delete_item removes the item for good (archive_item would keep it in the board's archive).
    const data = await this.request<{ delete_item: { id: string } | null }>(
      `mutation DeleteItem($itemId: ID!) {
  delete_item(item_id: $itemId) { id }
}`,
      { itemId },
      signal,
    );
    if (!data.delete_item?.id) {
      throw new ExternalBoardError(`monday.com has no item ${itemId} to delete`, false);
    }
  }

  async listColumns(signal?: AbortSignal): Promise<ExternalBoardColumn[]> {
    const data = await this.request<{ boards: { columns: ExternalBoardColumn[] }[] | null }>(
      `query BoardColumns($boardId: [ID!]) {
  boards(ids: $boardId) { columns { id title type } }
}`,
      { boardId: [this.options.boardId] },
      signal,
    );
    const board = data.boards?.[0];
    if (!board) {
      throw new ExternalBoardError(`monday.com has no board ${this.options.boardId} for this token`, false, {
        code: 'BOARD_NOT_FOUND',
      });
    }
    return board.columns.map((column) => ({
      id: String(column.id),
      title: String(column.title),
      type: String(column.type),
    }));
  }

  async testConnection(signal?: AbortSignal): Promise<{ userName: string; accountName: string }> {
    const data = await this.request<{ me: { name: string; account: { name: string } | null } | null }>(
      `query Me {
  me { name account { name } }
}`,
      {},
      signal,
    );
    if (!data.me) throw new ExternalBoardError('monday.com answered without the token’s user', false);
    return { userName: data.me.name, accountName: data.me.account?.name ?? '' };
  }
}

/** What staff are told about the mirror while there is no external board. */
export const EXTERNAL_BOARD_NOT_CONFIGURED = 'monday.com sync is not configured';

/** monday.com when MONDAY_API_TOKEN and MONDAY_BOARD_ID are set; otherwise no external board. */
export function createExternalBoard(config: AppConfig['monday']): ExternalBoard | undefined {
  if (!config) return undefined;
  return new MondayBoard(config);
}
