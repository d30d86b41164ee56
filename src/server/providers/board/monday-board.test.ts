import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MondayStandIn, STAND_IN_COLUMNS, startMondayStandIn } from '../../stand-ins/monday';
import { createExternalBoard, ExternalBoardError, MONDAY_API_VERSION, MondayBoard } from './monday-board';

let standIn: MondayStandIn;
let board: MondayBoard;

beforeAll(async () => {
  standIn = await startMondayStandIn();
});
afterAll(async () => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  board = new MondayBoard({ apiToken: standIn.apiToken, boardId: standIn.boardId, apiUrl: standIn.apiUrl });
});

async function failureOf(promise: Promise<unknown>): Promise<ExternalBoardError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExternalBoardError);
  return error as ExternalBoardError;
}

describe('MondayBoard against the stand-in', () => {
  it('is created only when monday.com is configured', () => {
    expect(createExternalBoard(undefined)).toBeUndefined();
    expect(
      createExternalBoard({ apiToken: 't', boardId: '1', apiUrl: 'https://api.monday.com/v2' }),
    ).toBeInstanceOf(MondayBoard);
  });

  it('creates an item with create_item, the token, the pinned API-Version and JSON column values', async () => {
    const { itemId } = await board.createItem({
      itemName: 'Maya Rivers - First Light',
      columnValues: { text_artist: 'Maya Rivers', status: { label: 'pending' } },
    });
    const [request] = standIn.requests;
    expect(request?.operation).toBe('create_item');
    expect(request?.status).toBe(200);
    expect(request?.headers).toEqual({ authorization: standIn.apiToken, apiVersion: MONDAY_API_VERSION });
    expect(request?.variables).toEqual({
      boardId: standIn.boardId,
      itemName: 'Maya Rivers - First Light',
      columnValues: JSON.stringify({ text_artist: 'Maya Rivers', status: { label: 'pending' } }),
    });
    expect(standIn.items.get(itemId)).toEqual({
      id: itemId,
      name: 'Maya Rivers - First Light',
      columnValues: { text_artist: 'Maya Rivers', status: { label: 'pending' } },
    });
  });

  it('updates name and columns in one change_multiple_column_values', async () => {
    const { itemId } = await board.createItem({ itemName: 'Old', columnValues: { text_city: 'Leeds' } });
    await board.updateItem(itemId, { itemName: 'New', columnValues: { status: { label: 'approved' } } });
    const request = standIn.requests.at(-1);
    expect(request?.operation).toBe('change_multiple_column_values');
    expect(request?.variables).toEqual({
      boardId: standIn.boardId,
      itemId,
      columnValues: JSON.stringify({ name: 'New', status: { label: 'approved' } }),
    });
    expect(standIn.items.get(itemId)).toEqual({
      id: itemId,
      name: 'New',
      columnValues: { text_city: 'Leeds', status: { label: 'approved' } },
    });
  });

  it('deletes an item for good with delete_item, and says so when it is not there', async () => {
    const { itemId } = await board.createItem({ itemName: 'Throwaway', columnValues: {} });
    await board.deleteItem(itemId);
    const request = standIn.requests.at(-1);
    expect(request?.operation).toBe('delete_item');
    expect(request?.status).toBe(200);
    expect(request?.headers).toEqual({ authorization: standIn.apiToken, apiVersion: MONDAY_API_VERSION });
    expect(request?.variables).toEqual({ itemId });
    expect(standIn.items.has(itemId)).toBe(false);

    const again = await failureOf(board.deleteItem(itemId));
    expect(again.transient).toBe(false);
    expect(again.options.code).toBe('InvalidItemIdException');
    expect(again.message).toBe('monday.com: Item not found in board');
  });

  it('listens on a fixed port when asked, and refuses one that is taken', async () => {
    const taken = Number(new URL(standIn.apiUrl).port);
    await expect(startMondayStandIn({ port: taken })).rejects.toThrow(/EADDRINUSE/);
    // A port that was free a moment ago.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const fixed = await startMondayStandIn({ port });
    try {
      expect(fixed.apiUrl).toBe(`http://127.0.0.1:${port}/v2`);
      const onPort = new MondayBoard({
        apiToken: fixed.apiToken,
        boardId: fixed.boardId,
        apiUrl: fixed.apiUrl,
      });
      expect(await onPort.testConnection()).toEqual({
        userName: 'Stand-in Staff',
        accountName: 'Stand-in Label',
      });
    } finally {
      await fixed.close();
    }
  });

  it('lists the board columns and tests the connection with me { account }', async () => {
    expect(await board.listColumns()).toEqual(STAND_IN_COLUMNS);
    expect(standIn.requests[0]?.variables).toEqual({ boardId: [standIn.boardId] });
    expect(await board.testConnection()).toEqual({
      userName: 'Stand-in Staff',
      accountName: 'Stand-in Label',
    });
    expect(standIn.requests[1]?.operation).toBe('me');
  });

  it('recognises a 429 as a passing limit and keeps its Retry-After', async () => {
    standIn.rateLimitNext(7);
    const error = await failureOf(board.listColumns());
    expect(standIn.requests[0]?.status).toBe(429);
    expect(error.transient).toBe(true);
    expect(error.options.retryAfterMs).toBe(7000);
    expect(error.message).toBe('monday.com rate limit: Rate Limit Exceeded');
    // The limit passes: the same call then succeeds.
    expect(await board.listColumns()).toHaveLength(STAND_IN_COLUMNS.length);
  });

  it('recognises the complexity error that arrives with HTTP 200', async () => {
    standIn.complexityNext(12);
    const itemsBefore = standIn.items.size;
    const error = await failureOf(board.createItem({ itemName: 'x', columnValues: {} }));
    expect(standIn.requests[0]?.status).toBe(200);
    expect(error.transient).toBe(true);
    expect(error.options.code).toBe('COMPLEXITY_BUDGET_EXHAUSTED');
    expect(error.options.retryAfterMs).toBe(12_000);
    expect(standIn.items.size).toBe(itemsBefore);
  });

  it('recognises an application error in errors[] with HTTP 200 as permanent', async () => {
    standIn.applicationErrorNext('User unauthorized to perform action', 'UserUnauthorizedException');
    const error = await failureOf(board.createItem({ itemName: 'x', columnValues: {} }));
    expect(standIn.requests[0]?.status).toBe(200);
    expect(error.transient).toBe(false);
    expect(error.options.code).toBe('UserUnauthorizedException');
    expect(error.message).toBe('monday.com: User unauthorized to perform action');
  });

  it('answers a request without the pinned API-Version like monday.com, and records it', async () => {
    const response = await fetch(standIn.apiUrl, {
      method: 'POST',
      headers: {
        authorization: standIn.apiToken,
        'api-version': '2023-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: 'query { me { name } }', variables: {} }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.message).toBe('Unsupported API version: 2023-01');
    expect(body.errors[0]?.extensions.code).toBe('InvalidVersionException');
    expect(standIn.requests[0]).toMatchObject({ operation: 'me', headers: { apiVersion: '2023-01' } });
  });

  it('refuses a column the board does not have, as monday.com does', async () => {
    const error = await failureOf(board.createItem({ itemName: 'x', columnValues: { nope: 'x' } }));
    expect(error.transient).toBe(false);
    expect(error.message).toBe('monday.com: Column not found: nope');
  });

  it('treats a bad token as permanent, and an unknown board too', async () => {
    const badToken = new MondayBoard({ apiToken: 'wrong', boardId: standIn.boardId, apiUrl: standIn.apiUrl });
    const refused = await failureOf(badToken.testConnection());
    expect(standIn.requests[0]?.status).toBe(401);
    expect(refused.transient).toBe(false);
    expect(refused.message).toBe('monday.com refused the API token: Not Authenticated');

    const otherBoard = new MondayBoard({ apiToken: standIn.apiToken, boardId: '42', apiUrl: standIn.apiUrl });
    const unknown = await failureOf(otherBoard.listColumns());
    expect(unknown.transient).toBe(false);
    expect(unknown.message).toBe('monday.com has no board 42 for this token');
    const missingItem = await failureOf(otherBoard.createItem({ itemName: 'x', columnValues: {} }));
    expect(missingItem.message).toBe('monday.com: The board does not exist');
  });

  it('treats an unreachable API, a 5xx and the legacy ComplexityException as passing', async () => {
    const down = new MondayBoard({ apiToken: 't', boardId: '1', apiUrl: 'http://127.0.0.1:1/v2' });
    const network = await failureOf(down.testConnection());
    expect(network.transient).toBe(true);
    expect(network.message).toMatch(/^monday\.com could not be reached: /);

    let answer: { status: number; body: unknown } = {
      status: 503,
      body: { error_message: 'Service Unavailable' },
    };
    const raw = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v2`;
      const flaky = new MondayBoard({ apiToken: 't', boardId: '1', apiUrl: url });
      const unavailable = await failureOf(flaky.testConnection());
      expect(unavailable.transient).toBe(true);
      expect(unavailable.message).toBe('monday.com answered 503: Service Unavailable');

      answer = {
        status: 200,
        body: {
          error_code: 'ComplexityException',
          status_code: 429,
          error_message:
            'Complexity budget exhausted, query cost 30001 budget remaining 19986 out of 1000000 reset in 3 seconds',
          errors: [
            'Complexity budget exhausted, query cost 30001 budget remaining 19986 out of 1000000 reset in 3 seconds',
          ],
        },
      };
      const legacy = await failureOf(flaky.testConnection());
      expect(legacy.transient).toBe(true);
      expect(legacy.options.retryAfterMs).toBe(3000);
    } finally {
      raw.closeAllConnections();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });
});
