import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../brand';
import { usePublicConfig } from '../config';

interface SubmitCtaProps {
  title?: string;
  text?: string;
}

/** The closing call to action of the public pages: a dark band with the Submit button. */
export function SubmitCta({ title = 'Ready to share your music?', text }: SubmitCtaProps) {
  const { reviewPromise } = usePublicConfig();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: { xs: 6, md: 10 } }}>
      <Container>
        <Box
          sx={{
            borderRadius: '32px',
            px: { xs: 3, sm: 6, md: 8 },
            py: { xs: 5, md: 7 },
            color: '#fff',
            background: `radial-gradient(circle at 100% 0%, rgba(124, 92, 240, 0.35) 0%, transparent 50%), linear-gradient(135deg, ${brand.nightRaised} 0%, ${brand.night} 100%)`,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
            gap: 4,
          }}
        >
          <Box sx={{ maxWidth: 620 }}>
            <Typography id={headingId} variant="h2" sx={{ color: '#fff', mb: 1.5 }}>
              {title}
            </Typography>
            <Typography variant="subtitle1" sx={{ color: brand.mist }}>
              {text ??
                `It takes a few minutes. Our team reviews every submission within ${reviewPromise} and reaches out directly if it is a fit.`}
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to="/submit"
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon />}
            sx={{
              bgcolor: '#fff',
              color: brand.nightRaised,
              flexShrink: 0,
              '&:hover': { bgcolor: '#efeafe' },
            }}
          >
            Submit your music
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
