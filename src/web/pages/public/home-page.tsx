import AlbumOutlinedIcon from '@mui/icons-material/AlbumOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSiteConfig } from '../../api/site-config';
import { brand } from '../../brand';
import { ProcessSteps, useProcessSteps } from '../../components/process-steps';
import { Section } from '../../components/section';
import { SubmitCta } from '../../components/submit-cta';
import { useDocumentTitle } from '../../components/use-page-title';
import { usePublicConfig } from '../../config';

interface Offer {
  icon: ReactNode;
  title: string;
  text: string;
}

const offers: Offer[] = [
  {
    icon: <AlbumOutlinedIcon />,
    title: 'Release new music',
    text: 'A single, an EP or an LP. Upload your WAV masters and JPEG artwork, pick a release date at least six weeks out, or plan singles ahead of the full release.',
  },
  {
    icon: <SwapHorizIcon />,
    title: 'Transfer your catalogue',
    text: 'Already out with another distributor? We ask them to take your releases down and redistribute them. A full transfer usually takes 2-4 weeks, and your streams, followers and playlists stay intact.',
  },
  {
    icon: <LayersOutlinedIcon />,
    title: 'Or both at once',
    text: 'Bring your back catalogue and your next release together, in a single submission.',
  },
];

const formSteps = [
  {
    title: 'Artist information',
    text: 'Who you are, where you are based, and where we can hear you already.',
  },
  {
    title: 'Music upload',
    text: 'Your tracks, artwork, release details and dates, or the catalogue to transfer.',
  },
  {
    title: 'Additional information',
    text: 'Your story, the artists fans of yours also love, and publishing.',
  },
  { title: 'Review & submit', text: 'Check everything in one place, then send it to our team.' },
];

/** The record-and-waveform illustration beside the hero text. Decorative. */
function HeroArt() {
  const bars = [18, 34, 52, 28, 60, 44, 72, 38, 56, 30, 64, 46, 24, 50, 36, 20];
  return (
    <Box
      aria-hidden="true"
      sx={{ position: 'relative', width: '100%', maxWidth: 440, mx: 'auto', aspectRatio: '1 / 1' }}
    >
      <svg viewBox="0 0 400 400" width="100%" height="100%" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="hero-record" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#2a1d63" />
            <stop offset="100%" stopColor="#0d0822" />
          </radialGradient>
          <linearGradient id="hero-bars" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0%" stopColor={brand.accent} />
            <stop offset="100%" stopColor={brand.primaryLight} />
          </linearGradient>
        </defs>
        <circle
          cx="200"
          cy="185"
          r="165"
          fill="url(#hero-record)"
          stroke="rgba(255,255,255,0.12)"
          strokeWidth="2"
        />
        {[140, 118, 96, 74].map((r) => (
          <circle
            key={r}
            cx="200"
            cy="185"
            r={r}
            fill="none"
            stroke="rgba(255,255,255,0.09)"
            strokeWidth="1.5"
          />
        ))}
        <circle cx="200" cy="185" r="46" fill={brand.accent} />
        <circle cx="200" cy="185" r="7" fill="#0d0822" />
        <circle cx="352" cy="46" r="16" fill="#e8e4ff" />
        <circle cx="352" cy="46" r="6" fill={brand.nightRaised} />
        <path
          d="M352 46 L336 150 L300 196"
          stroke="#e8e4ff"
          strokeWidth="7"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="284" y="186" width="26" height="16" rx="4" fill="#e8e4ff" transform="rotate(-52 297 194)" />
        <rect x="30" y="300" width="340" height="84" rx="20" fill="rgba(255,255,255,0.1)" />
        {bars.map((height, index) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            key={index}
            x={52 + index * 19.5}
            y={342 - height / 2}
            width="9"
            height={height / 1.3}
            rx="4.5"
            fill="url(#hero-bars)"
          />
        ))}
      </svg>
    </Box>
  );
}

function Hero() {
  const { labelName, reviewPromise } = usePublicConfig();
  const { siteConfig } = useSiteConfig();

  return (
    <Box
      sx={{
        color: '#fff',
        background: `radial-gradient(circle at 80% 10%, rgba(124, 92, 240, 0.45) 0%, transparent 45%), linear-gradient(160deg, ${brand.nightRaised} 0%, ${brand.night} 70%)`,
        py: { xs: 7, md: 12 },
        overflow: 'hidden',
      }}
    >
      <Container>
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap', gap: 1.5 }}>
              <Chip
                label="Beta"
                size="small"
                sx={{ bgcolor: brand.accent, color: brand.ink, fontWeight: 700, letterSpacing: '0.04em' }}
              />
              <Typography component="p" variant="body2" sx={{ color: brand.mist, fontWeight: 500 }}>
                {labelName} · independent label & publisher
              </Typography>
            </Stack>
            <Typography variant="h1" sx={{ color: '#fff', mb: 3, fontSize: { md: '3.75rem' } }}>
              Your music deserves a label that listens.
            </Typography>
            <Typography
              variant="subtitle1"
              sx={{ color: brand.mist, mb: 4, maxWidth: 600, fontSize: '1.2rem' }}
            >
              Submit new music, move your existing catalogue over from another distributor, or both. Our team
              listens to every submission and reviews it within {reviewPromise}.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={RouterLink}
                to="/submit"
                variant="contained"
                size="large"
                endIcon={<ArrowForwardIcon />}
                sx={{ bgcolor: '#fff', color: brand.nightRaised, '&:hover': { bgcolor: '#efeafe' } }}
              >
                {siteConfig.submissionsEnabled ? 'Submit your music' : 'Join the waiting list'}
              </Button>
              <Button
                component={RouterLink}
                to="/learn-more"
                variant="outlined"
                size="large"
                sx={{
                  color: '#fff',
                  borderColor: 'rgba(255,255,255,0.5)',
                  '&:hover': { borderColor: '#fff' },
                }}
              >
                How it works
              </Button>
            </Stack>
            {!siteConfig.submissionsEnabled && (
              <Stack direction="row" spacing={1} sx={{ mt: 3, color: brand.mist, alignItems: 'flex-start' }}>
                <InfoOutlinedIcon fontSize="small" aria-hidden="true" sx={{ mt: 0.3 }} />
                <Typography variant="body2">
                  Full submissions are paused for now. Leave your details and a link to your music, and we
                  will be in touch when they open again.
                </Typography>
              </Stack>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: { xs: 'none', sm: 'block' } }}>
            <HeroArt />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}

export function HomePage() {
  const { labelName } = usePublicConfig();
  const { afterSubmit } = useProcessSteps();
  useDocumentTitle(`${labelName} | Submit your music`);

  return (
    <>
      <Hero />

      <Section
        eyebrow="What we offer"
        title="Three ways to work with us"
        intro="Whether this is your first release or your fortieth, tell us what you have and where you want to take it."
      >
        <Grid container spacing={3}>
          {offers.map((offer) => (
            <Grid key={offer.title} size={{ xs: 12, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Box
                    aria-hidden="true"
                    sx={{
                      width: 52,
                      height: 52,
                      borderRadius: '14px',
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: '#efeafe',
                      color: 'primary.main',
                      mb: 2.5,
                    }}
                  >
                    {offer.icon}
                  </Box>
                  <Typography variant="h3" sx={{ mb: 1.5 }}>
                    {offer.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{offer.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section
        tone="paper"
        eyebrow="How submission works"
        title="Four short steps"
        intro="The submission form walks you through everything we need. Have your WAV files (up to 200 MB each) and JPEG artwork (up to 20 MB) ready."
      >
        <Grid container spacing={3} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {formSteps.map((step, index) => (
            <Grid key={step.title} size={{ xs: 12, sm: 6, md: 3 }} component="li">
              <Box sx={{ borderTop: 3, borderColor: 'primary.main', pt: 2.5 }}>
                <Typography
                  component="span"
                  aria-hidden="true"
                  sx={{
                    display: 'block',
                    color: 'primary.main',
                    fontWeight: 800,
                    fontSize: '0.875rem',
                    mb: 1,
                  }}
                >
                  STEP {index + 1}
                </Typography>
                <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                  {step.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>{step.text}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section eyebrow="After you submit" title="What happens next">
        <Grid container spacing={{ xs: 4, md: 8 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProcessSteps steps={afterSubmit} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ bgcolor: 'background.paper' }}>
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Typography variant="h3" sx={{ mb: 1.5 }}>
                  Invited, or coming back?
                </Typography>
                <Typography sx={{ color: 'text.secondary', mb: 2 }}>
                  If {labelName} sent you a personal invitation link, open it to find your details already
                  filled in. Artists we already work with get a returning-artist link, valid for 365 days and
                  for as many releases as you like.
                </Typography>
                <Button component={RouterLink} to="/faq" endIcon={<ArrowForwardIcon />}>
                  Read the FAQs
                </Button>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      </Section>

      <SubmitCta />
    </>
  );
}
