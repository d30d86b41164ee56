import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, submissions } from '../../db/schema';
import type { ExternalBoardColumn, ExternalColumnValues } from '../../providers/board/monday-board';
import type { BoardSyncEntity } from './queue-board-sync';

export type BoardField =
  | 'artistName'
  | 'firstName'
  | 'surname'
  | 'email'
  | 'country'
  | 'city'
  | 'releaseTitle'
  | 'releaseType'
  | 'genres'
  | 'status';

/** What an entity looks like on the external board: the item's name and its field values. */
export interface BoardItemFields {
  itemName: string;
  fields: Partial<Record<BoardField, string>>;
}

// Column titles staff are likely to give each field, compared without case, spaces or punctuation.
const TITLES: Record<BoardField, string[]> = {
  artistName: ['artist name', 'artist'],
  firstName: ['first name', 'firstname'],
  surname: ['surname', 'last name'],
  email: ['email', 'e-mail', 'email address'],
  country: ['country'],
  city: ['city'],
  releaseTitle: ['release title', 'release'],
  releaseType: ['release type'],
  genres: ['genres', 'genre'],
  status: ['status'],
};

const normalise = (title: string) => title.toLowerCase().replace(/[^a-z0-9]/g, '');

const FIELD_BY_TITLE = new Map<string, BoardField>(
  (Object.entries(TITLES) as [BoardField, string[]][]).flatMap(([field, titles]) =>
    titles.map((title) => [normalise(title), field] as const),
  ),
);

/** The value a column of this type accepts, or undefined for a type Imprint does not fill. */
function columnValue(type: string, value: string): unknown {
  switch (type) {
    case 'text':
      return value;
    case 'long_text':
      return { text: value };
    case 'email':
      return value ? { email: value, text: value } : undefined;
    case 'status':
      return value ? { label: value } : undefined;
    default:
      return undefined;
  }
}

/**
 * Column values by column id, matched on the board's column titles. Columns Imprint has no field
 * for, and fields the board has no column for, are left out: staff shape the board as they like.
 */
export function toColumnValues(
  columns: ExternalBoardColumn[],
  fields: BoardItemFields['fields'],
): ExternalColumnValues {
  const values: ExternalColumnValues = {};
  const filled = new Set<BoardField>();
  for (const column of columns) {
    const field = FIELD_BY_TITLE.get(normalise(column.title));
    if (!field || filled.has(field)) continue;
    const raw = fields[field];
    if (raw === undefined) continue;
    const value = columnValue(column.type, raw);
    if (value === undefined) continue;
    values[column.id] = value;
    filled.add(field);
  }
  return values;
}

interface StoredArtistDetails {
  artistName?: string;
  firstName?: string;
  surname?: string;
  email?: string;
  country?: string;
  city?: string;
}

function invitationStatus(row: { revokedAt: Date | null; usedAt: Date | null; expiresAt: Date }, now: Date) {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** The entity as the board shows it, or undefined when it no longer exists. */
export async function readBoardItemFields(
  executor: Executor,
  entityType: BoardSyncEntity,
  entityId: string,
  now: Date,
): Promise<BoardItemFields | undefined> {
  if (entityType === 'submission') {
    const [row] = await executor
      .select({
        itemName: submissions.itemName,
        status: submissions.status,
        releaseTitle: submissions.releaseTitle,
        releaseType: submissions.releaseType,
        primaryGenre: submissions.primaryGenre,
        subGenre: submissions.subGenre,
        artistDetails: submissions.artistDetails,
      })
      .from(submissions)
      .where(eq(submissions.id, entityId));
    if (!row) return undefined;
    const artist = (row.artistDetails ?? {}) as StoredArtistDetails;
    return {
      itemName: row.itemName,
      fields: {
        artistName: artist.artistName ?? '',
        firstName: artist.firstName ?? '',
        surname: artist.surname ?? '',
        email: artist.email ?? '',
        country: artist.country ?? '',
        city: artist.city ?? '',
        releaseTitle: row.releaseTitle,
        releaseType: row.releaseType,
        genres: [row.primaryGenre, row.subGenre].filter(Boolean).join(', '),
        status: row.status,
      },
    };
  }
  const [row] = await executor.select().from(invitations).where(eq(invitations.id, entityId));
  if (!row) return undefined;
  return {
    itemName: row.artistName,
    fields: {
      artistName: row.artistName,
      firstName: row.firstName,
      surname: row.surname,
      email: row.email,
      status: invitationStatus(row, now),
    },
  };
}
