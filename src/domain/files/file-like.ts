/**
 * The browser-side shape of what the domain needs from a File. A real `File` fits it, so the web
 * form can keep Files in its state while the rules stay free of DOM types.
 */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export const BYTES_PER_MB = 1024 * 1024;

/** Lower-cased extension without the dot ('' when the name has none). */
export function getFileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}
