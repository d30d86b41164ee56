import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';

interface CopyLinkFieldProps {
  url: string;
  label?: string;
}

/**
 * A personal link with a Copy button. Where the clipboard is unavailable (an insecure origin, a
 * refused permission) the link is selected instead, so the staff member can copy it by hand.
 */
export function CopyLinkField({ url, label = 'Personal invitation link' }: CopyLinkFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [feedback, setFeedback] = useState('');
  const id = useId();

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setFeedback('Link copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setFeedback('Link selected - press Ctrl+C (or Cmd+C) to copy it');
    }
  };

  return (
    <Stack spacing={0.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id={id}
          label={label}
          value={url}
          fullWidth
          size="small"
          inputRef={input}
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0 }}>
          Copy
        </Button>
      </Stack>
      <span role="status" aria-live="polite" style={{ fontSize: '0.875rem' }}>
        {feedback}
      </span>
    </Stack>
  );
}
