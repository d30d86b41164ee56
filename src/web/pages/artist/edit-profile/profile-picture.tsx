import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  checkUploadImage,
  INVALID_IMAGE_FORMAT,
  MAX_IMAGE_MB,
  matchesAcceptedType,
} from '../../../../domain';
import { PictureAvatar } from '../../../components/picture-avatar';
import { UploadStatus } from '../../../components/upload-status';
import { startUploadLazily as startUpload } from '../../../upload/lazy-start';
import { isUploadCancelled } from '../../../upload/upload-errors';
import type { UploadProgress } from '../../../upload/upload-progress';

/** Profile pictures: the formats every browser shows, checked by type or extension. */
export const PROFILE_PICTURE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** Why a picked file cannot be the picture (the domain's image messages), or null. */
export function checkProfilePicture(file: { name: string; type: string; size: number }): string | null {
  if (!matchesAcceptedType(file, PROFILE_PICTURE_ACCEPT)) return INVALID_IMAGE_FORMAT;
  return checkUploadImage(file);
}

export type PictureState =
  /** The picture as saved (possibly none). */
  | { kind: 'saved' }
  | { kind: 'uploading'; preview: string | null; fileName: string; progress: UploadProgress | null }
  | { kind: 'uploaded'; preview: string | null; fileId: string }
  | { kind: 'removed' };

function previewOf(file: File): string | null {
  // jsdom and very old browsers have no object URLs; the upload works without a preview.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

function revoke(url: string | null | undefined) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/** Keeps one object URL alive at a time: the one on screen. */
function replacePreview(current: { current: string | null }, url: string | null) {
  if (current.current !== url) revoke(current.current);
  current.current = url;
}

/**
 * The picture of the edit-profile form: upload on pick through the upload service (signed in, so
 * the server can tell the file is this artist's), then Save sends its id; Remove sends null.
 */
export function useProfilePicture(userId: string) {
  const [state, setState] = useState<PictureState>({ kind: 'saved' });
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      cancelRef.current?.();
      revoke(previewRef.current);
    },
    [],
  );

  const choose = useCallback(
    (file: File, artistName: string) => {
      const refusal = checkProfilePicture(file);
      setError(refusal);
      if (refusal) return;
      cancelRef.current?.();
      const preview = previewOf(file);
      replacePreview(previewRef, preview);
      setState({ kind: 'uploading', preview, fileName: file.name, progress: null });
      const handle = startUpload(
        file,
        {
          artistName: artistName.trim() || 'Profile picture',
          fileType: 'artwork',
          sessionId: `profile-${userId}`,
        },
        {
          onProgress: (progress) =>
            setState((current) =>
              current.kind === 'uploading' && current.preview === preview
                ? { ...current, progress }
                : current,
            ),
        },
      );
      cancelRef.current = handle.cancel;
      handle.promise.then(
        (result) => {
          if (cancelRef.current !== handle.cancel) return;
          cancelRef.current = null;
          if (result.success && result.fileId) {
            setState({ kind: 'uploaded', preview, fileId: result.fileId });
          } else {
            replacePreview(previewRef, null);
            setState({ kind: 'saved' });
            setError(result.error ?? 'The picture could not be uploaded. Please try again.');
          }
        },
        (failure: unknown) => {
          if (cancelRef.current !== handle.cancel) return;
          cancelRef.current = null;
          replacePreview(previewRef, null);
          setState({ kind: 'saved' });
          if (!isUploadCancelled(failure)) {
            setError(failure instanceof Error ? failure.message : 'The picture could not be uploaded.');
          }
        },
      );
    },
    [userId],
  );

  const remove = useCallback(() => {
    const cancel = cancelRef.current;
    cancelRef.current = null;
    cancel?.();
    replacePreview(previewRef, null);
    setError(null);
    setState({ kind: 'removed' });
  }, []);

  return {
    state,
    error,
    setError,
    choose,
    remove,
    uploading: state.kind === 'uploading',
    changed: state.kind !== 'saved',
    /** What Save sends: a new file's id, null to remove, undefined to keep the saved picture. */
    pictureFileId: state.kind === 'uploaded' ? state.fileId : state.kind === 'removed' ? null : undefined,
  };
}

export type ProfilePicture = ReturnType<typeof useProfilePicture>;

/** The picture with its preview, progress, and the Upload / Change / Remove actions. */
export function ProfilePictureField({
  picture,
  savedUrl,
  displayName,
  artistName,
}: {
  picture: ProfilePicture;
  /** The saved picture's link, if there is one. */
  savedUrl: string | undefined;
  displayName: string;
  artistName: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { state } = picture;
  const shown =
    state.kind === 'saved'
      ? savedUrl
      : state.kind === 'uploading' || state.kind === 'uploaded'
        ? (state.preview ?? undefined)
        : undefined;
  const hasPicture = state.kind === 'uploading' || state.kind === 'uploaded' || Boolean(shown);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
      <PictureAvatar
        src={shown}
        alt="Your profile picture"
        name={displayName}
        size={112}
        sx={{ fontSize: '2.75rem' }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'grid', gap: 1.5 }}>
        <input
          ref={inputRef}
          type="file"
          accept={PROFILE_PICTURE_ACCEPT}
          hidden
          aria-label="Profile picture file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) picture.choose(chosen, artistName);
          }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<AddAPhotoIcon />}
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
          >
            {hasPicture ? 'Change picture' : 'Upload picture'}
          </Button>
          {hasPicture && (
            <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={picture.remove}>
              Remove picture
            </Button>
          )}
        </Stack>
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
          JPEG, PNG or WebP, up to {MAX_IMAGE_MB} MB. A square picture looks best.
        </Typography>
        {state.kind === 'uploading' && (
          <UploadStatus
            fileName={state.fileName}
            progressLabel="Profile picture upload progress"
            progress={state.progress}
          />
        )}
        {state.kind === 'uploaded' && (
          <Typography variant="body2" role="status" sx={{ color: 'success.dark' }}>
            New picture uploaded. Save to use it.
          </Typography>
        )}
        {state.kind === 'removed' && savedUrl && (
          <Typography variant="body2" role="status">
            The picture will be removed when you save.
          </Typography>
        )}
        {picture.error && (
          <Alert severity="error" role="alert">
            {picture.error}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}
