import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import {
  createSha256,
  describeScheduleMatch,
  findScheduleFile,
  RELEASE_SCHEDULE_MESSAGES,
  type ReleaseScheduleContent,
} from '../../../domain';
import { FilePickBox } from '../../components/file-pick-box';

/** A slice read and hashed at a time: a 200 MB WAV is never held whole, and progress moves. */
const SLICE_BYTES = 4 * 1024 * 1024;

/** SHA-256 of a file read slice by slice; `onProgress` gets 0–1; stops when `signal` aborts. */
export async function hashFileInSlices(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const hash = createSha256();
  for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
    if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
    const slice = new Uint8Array(await file.slice(offset, offset + SLICE_BYTES).arrayBuffer());
    hash.update(slice);
    onProgress(Math.min(1, (offset + slice.length) / file.size));
  }
  return hash.hex();
}

type Check =
  | { step: 'idle' }
  | { step: 'hashing'; name: string; progress: number }
  | { step: 'done'; name: string; sha256: string; words: string; matches: boolean }
  | { step: 'failed'; name: string; message: string };

/**
 * "Check a release file": drop or choose a file, and the page says whether it is one
 * of the files the schedule lists. The file is hashed here, in the browser, and never uploaded.
 */
export function ScheduleFileCheck({ content }: { content: ReleaseScheduleContent }) {
  const [check, setCheck] = useState<Check>({ step: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const checkFile = async (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setCheck({ step: 'hashing', name: file.name, progress: 0 });
    try {
      const sha256 = await hashFileInSlices(
        file,
        (progress) => {
          if (!controller.signal.aborted) setCheck({ step: 'hashing', name: file.name, progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const match = findScheduleFile(content, sha256);
      setCheck({
        step: 'done',
        name: file.name,
        sha256,
        words: describeScheduleMatch(match),
        matches: !!match,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setCheck({
        step: 'failed',
        name: file.name,
        message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void checkFile(file);
  };
  return (
    <Box component="section" aria-labelledby="check-file-title">
      <Typography id="check-file-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        Check a release file
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Drop a WAV or the artwork here to find out whether it is the file approved in this schedule. Its
        SHA-256 fingerprint is worked out on this device; the file is not uploaded.
      </Typography>
      <input ref={inputRef} type="file" hidden aria-label="File to check" onChange={choose} />
      <FilePickBox
        data-testid="schedule-drop-zone"
        label="Choose a file"
        icon={<UploadFileIcon />}
        hint={check.step === 'idle' ? 'or drop it in this box' : check.name}
        onPick={() => inputRef.current?.click()}
        onDropFile={(file) => void checkFile(file)}
      />
      {check.step === 'idle' && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {RELEASE_SCHEDULE_MESSAGES.noFileChosen}
        </Typography>
      )}
      {check.step === 'hashing' && (
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Typography variant="body2" id="hashing-label">
            Working out the fingerprint... {Math.round(check.progress * 100)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={check.progress * 100}
            aria-labelledby="hashing-label"
          />
        </Stack>
      )}
      <Box aria-live="polite">
        {check.step === 'done' && (
          <Alert
            severity={check.matches ? 'success' : 'error'}
            sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0 } }}
          >
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{check.words}</Typography>
            <Typography variant="body2">SHA-256 of your file:</Typography>
            <Box
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}
            >
              {check.sha256}
            </Box>
          </Alert>
        )}
        {check.step === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {check.message}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
