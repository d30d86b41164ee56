import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/**
 * A drawn signature on a canvas (signature_pad 5), handed out as a PNG data URL. The canvas is
 * sized in device pixels (devicePixelRatio) so strokes stay sharp on high-density screens, and is
 * re-sized with its box, keeping what was drawn. A pointer-only control: the Type tab is the
 * keyboard way to sign, and the canvas's accessible name says so.
 */
export function SignaturePadField({
  onChange,
  disabled = false,
}: {
  onChange(dataUrl: string | null): void;
  disabled?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [unavailable, setUnavailable] = useState(false);
  const [empty, setEmpty] = useState(true);
  const hintId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePad;
    try {
      pad = new SignaturePad(canvas, { penColor: '#14213d', minWidth: 0.8, maxWidth: 2.6 });
    } catch {
      // No 2D canvas (very old browser, or a privacy mode that blocks it).
      setUnavailable(true);
      return;
    }
    padRef.current = pad;
    const changed = () => {
      const isEmpty = pad.isEmpty();
      setEmpty(isEmpty);
      onChangeRef.current(isEmpty ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', changed);

    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (!width || !height) return;
      if (canvas.width === Math.round(width * ratio) && canvas.height === Math.round(height * ratio)) return;
      const strokes = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      // Redraw at the new size, so a resize (or rotating a phone) does not wipe the signature.
      pad.fromData(strokes);
      if (strokes.length > 0) changed();
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : undefined;
    observer?.observe(canvas);
    window.addEventListener('resize', resize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', changed);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  };

  if (unavailable) {
    return (
      <Alert severity="info">
        Drawing is not available in this browser. Use the Type tab to sign with your typed name instead.
      </Alert>
    );
  }

  return (
    <Box>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Draw your signature with your mouse, finger or stylus in the box below.
      </Typography>
      <Box
        sx={{
          position: 'relative',
          border: 2,
          borderStyle: 'dashed',
          borderColor: empty ? 'divider' : 'primary.main',
          borderRadius: 2,
          bgcolor: '#fff',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-label="Signature drawing area. To sign with the keyboard, use the Type tab."
          aria-describedby={hintId}
          sx={{ display: 'block', width: '100%', height: { xs: 160, sm: 200 }, touchAction: 'none' }}
        />
        <Box
          aria-hidden="true"
          sx={{
            position: 'absolute',
            left: 24,
            right: 24,
            bottom: 40,
            borderBottom: 1,
            borderColor: 'text.disabled',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button onClick={clear} disabled={disabled || empty}>
          Clear
        </Button>
      </Stack>
    </Box>
  );
}
