import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  buildBoardItemName,
  getStatusLabel,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain';
import { artists, submissions } from '../../db/schema';
import { toColumnValues } from '../board-sync/board-item-fields';
import {
  type DashboardTestDeps,
  type DashboardTestOutcome,
  errorText,
  providerNames,
  type ResolvedTestData,
  succeeded,
} from './dashboard-test-context';

/**
 * The spec's board tests, against the board Imprint is configured with: the monday.com mirror when
 * MONDAY_API_TOKEN and MONDAY_BOARD_ID are set, else the built-in board (the database).
 */

export async function runBoardConnectionTest(deps: DashboardTestDeps): Promise<DashboardTestOutcome> {
  const board = deps.providers.externalBoard;
  if (board) {
    const me = await board.testConnection();
    const account = me.accountName ? ` (account ${me.accountName})` : '';
    return succeeded(
      `Connected to monday.com as ${me.userName}${account}; the mirror writes to board ${deps.config.monday?.boardId ?? '?'}.`,
    );
  }
  const [row] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(submissions);
  const count = row?.count ?? 0;
  return succeeded(
    `The built-in board (${providerNames(deps).database} database) answers: ${count} ${count === 1 ? 'item' : 'items'}.`,
  );
}

export async function runBoardColumnsTest(deps: DashboardTestDeps): Promise<DashboardTestOutcome> {
  const board = deps.providers.externalBoard;
  if (board) {
    const columns = await board.listColumns();
    return succeeded(
      `monday.com board ${deps.config.monday?.boardId ?? '?'} has ${columns.length} columns: ${columns
        .map((column) => `${column.title} (${column.type})`)
        .join(', ')}.`,
    );
  }
  return succeeded(
    `The built-in board's status column has ${SUBMISSION_STATUSES.length} values: ${SUBMISSION_STATUSES.map(
      getStatusLabel,
    ).join(', ')}.`,
  );
}

/** Thrown to end the built-in test's transaction: whatever it wrote is rolled back. */
class RollBack extends Error {
  constructor(
    readonly readBack: { id: string; itemName: string; status: SubmissionStatus; artistEmail: string },
  ) {
    super('rolled back on purpose');
  }
}

export async function runCreateTestItemTest(
  deps: DashboardTestDeps,
  data: ResolvedTestData,
): Promise<DashboardTestOutcome> {
  const itemName = `${buildBoardItemName(data.artistName, data.releaseTitle)} (Imprint test item)`;
  const board = deps.providers.externalBoard;
  if (board) {
    const columns = await board.listColumns();
    const columnValues = toColumnValues(columns, {
      artistName: data.artistName,
      firstName: data.firstName,
      surname: data.surname,
      email: data.email,
      releaseTitle: data.releaseTitle,
      releaseType: 'single',
      status: 'pending',
    });
    const { itemId } = await board.createItem({ itemName, columnValues });
    try {
      await board.deleteItem(itemId);
    } catch (error) {
      throw new Error(
        `Created item ${itemId} "${itemName}" but could not delete it; remove it on monday.com by hand. ${errorText(error)}`,
      );
    }
    const filled = Object.keys(columnValues).length;
    return succeeded(
      `Created item ${itemId} "${itemName}" on board ${deps.config.monday?.boardId ?? '?'} with ${filled} column ${filled === 1 ? 'value' : 'values'}, then deleted it.`,
    );
  }

  // The built-in board is the submissions table: an item is written and read back inside a
  // transaction that is then rolled back, so nobody ever sees it.
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(artists)
        .values({ email: data.email, name: `${data.firstName} ${data.surname}`, artistName: data.artistName })
        .onConflictDoNothing({ target: artists.email });
      const [artist] = await tx.select({ id: artists.id }).from(artists).where(eq(artists.email, data.email));
      if (!artist) throw new Error('The artist row was not written');
      const [inserted] = await tx
        .insert(submissions)
        .values({
          status: 'pending',
          artistId: artist.id,
          uploadSessionId: `test-dashboard-${randomUUID()}`,
          itemName,
          uploadType: 'new-music',
          releaseType: 'single',
          releaseTitle: data.releaseTitle,
          releaseStrategy: 'together',
          primaryGenre: 'Pop',
          subGenre: 'Indie Pop',
          artistDetails: {
            firstName: data.firstName,
            surname: data.surname,
            email: data.email,
            artistName: data.artistName,
          },
          formData: { testDashboard: true },
          additionalData: {},
        })
        .returning({ id: submissions.id });
      if (!inserted) throw new Error('The submission row was not written');
      const [row] = await tx
        .select({ id: submissions.id, itemName: submissions.itemName, status: submissions.status })
        .from(submissions)
        .where(eq(submissions.id, inserted.id));
      if (!row) throw new Error(`Item ${inserted.id} could not be read back`);
      throw new RollBack({ ...row, artistEmail: data.email });
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    const item = error.readBack;
    return succeeded(
      `Inserted item ${item.id} "${item.itemName}" (${getStatusLabel(item.status)}, artist ${item.artistEmail}) into the built-in board and read it back; the transaction was then rolled back, so nothing was kept.`,
    );
  }
  throw new Error('The test transaction committed instead of rolling back');
}
