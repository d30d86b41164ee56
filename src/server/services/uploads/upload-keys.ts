import { createHash } from 'node:crypto';
import type { UploadFileType } from '../../../domain';

/**
 * Storage keys and folders of uploads. Nothing the artist typed becomes a path except through
 * `slug` (lower-case letters, digits and hyphens), and every key ends in a random file id, so
 * traversal is impossible by construction and names never collide.
 */
function slug(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return cleaned || 'artist';
}

/** The artist's folder for one upload session: readable name plus a hash of the session id. */
export function artistFolderId(artistName: string, sessionId: string): string {
  const session = createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
  return `${slug(artistName)}-${session}`;
}

export type FolderKind = 'audio' | 'images';

export function folderKindOf(fileType: UploadFileType): FolderKind {
  return fileType === 'track' ? 'audio' : 'images';
}

export function uploadKey(input: {
  artistName: string;
  sessionId: string;
  fileType: UploadFileType;
  fileId: string;
  extension: string;
}): string {
  const folder = artistFolderId(input.artistName, input.sessionId);
  return `uploads/${folder}/${folderKindOf(input.fileType)}/${input.fileId}.${input.extension}`;
}

/**
 * A social clip, in the artist's audio folder beside its track. Named after the clip's row, not a
 * fresh id, so a job that is retried after a crash overwrites its own object instead of leaving a
 * second one behind.
 */
export function clipKey(input: { artistName: string; sessionId: string; clipId: string }): string {
  const folder = artistFolderId(input.artistName, input.sessionId);
  return `uploads/${folder}/audio/clip-${input.clipId}.wav`;
}

/** Where bytes wait until the content check has passed. */
export function stagingKey(fileId: string): string {
  return `staging/${fileId}`;
}

/** Beside the original: `…/images/{fileId}.avif-320.avif`. */
export function variantKey(finalKey: string, variant: string, extension: string): string {
  return `${finalKey.replace(/\.[a-z0-9]+$/, '')}.${variant}.${extension}`;
}

/** An upload session id as the client sends it (time plus random text, spec 001 §9). */
export const sessionIdPattern = /^[A-Za-z0-9_.:-]{8,128}$/;
