import AudiotrackOutlinedIcon from '@mui/icons-material/AudiotrackOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../../brand';
import { PageHeader } from '../../components/page-header';
import { ProcessSteps, useProcessSteps } from '../../components/process-steps';
import { Section } from '../../components/section';
import { SubmitCta } from '../../components/submit-cta';
import { usePublicConfig } from '../../config';

const releaseTypes = [
  { name: 'Single', tracks: '1-2 tracks', text: 'One song, or a song and its B-side.' },
  { name: 'EP', tracks: '3-6 tracks', text: 'A short collection that hangs together.' },
  { name: 'LP', tracks: '6 or more tracks', text: 'A full album, up to 20 tracks.' },
];

interface Requirement {
  icon: ReactNode;
  title: string;
  text: string;
}

const requirements: Requirement[] = [
  {
    icon: <AudiotrackOutlinedIcon />,
    title: 'Audio',
    text: 'Each track as a WAV file, up to 200 MB per track.',
  },
  {
    icon: <ImageOutlinedIcon />,
    title: 'Artwork',
    text: 'Cover artwork as a JPEG image, up to 20 MB.',
  },
  {
    icon: <EventOutlinedIcon />,
    title: 'Release date',
    text: 'At least 6 weeks (42 days) from the day you submit. Need it sooner? You can ask for an earlier date and tell us why.',
  },
  {
    icon: <PersonOutlinedIcon />,
    title: 'About you',
    text: 'Your name, e-mail, country and city, your Instagram and TikTok (or tell us you have none), and your streaming profile or a link where we can listen.',
  },
  {
    icon: <TuneOutlinedIcon />,
    title: 'Per track',
    text: 'Who made it (solo or with contributors, and the master royalty splits), the production year, whether it is explicit, and the lyrics if you have them.',
  },
];

export function LearnMorePage() {
  const { labelName } = usePublicConfig();
  const { submit, afterSubmit } = useProcessSteps();

  return (
    <>
      <PageHeader
        eyebrow="Learn more"
        title="How it works"
        documentTitle="Learn More"
        intro={`Everything you need to know before you submit: what ${labelName} does with your music, which releases we take on, and what to have ready.`}
      />

      <Section title="From submission to release" maxWidth="md">
        <ProcessSteps steps={[submit, ...afterSubmit]} />
      </Section>

      <Section
        tone="paper"
        title="Release types"
        intro="Tell us what you are releasing. The form adapts the number of track slots to it."
      >
        <Grid container spacing={3}>
          {releaseTypes.map((type) => (
            <Grid key={type.name} size={{ xs: 12, sm: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Typography variant="h3" sx={{ fontSize: '2rem', color: 'primary.main', mb: 0.5 }}>
                    {type.name}
                  </Typography>
                  <Typography sx={{ fontWeight: 600, mb: 1 }}>{type.tracks}</Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{type.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Typography sx={{ color: 'text.secondary', mt: 3, maxWidth: 720 }}>
          Releasing an EP or an album? You can release everything together, or put out singles first and the
          full release after them.
        </Typography>
      </Section>

      <Section title="What you need" intro="Have these ready and the form takes a few minutes.">
        <Grid container spacing={3}>
          {requirements.map((item) => (
            <Grid key={item.title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Stack direction="row" spacing={2}>
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 44,
                    height: 44,
                    flexShrink: 0,
                    borderRadius: '12px',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: '#efeafe',
                    color: 'primary.main',
                  }}
                >
                  {item.icon}
                </Box>
                <Box>
                  <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
                    {item.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{item.text}</Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section tone="paper" title="Moving a catalogue from another distributor" maxWidth="md">
        <Box
          sx={{
            borderLeft: 4,
            borderColor: brand.accent,
            pl: { xs: 2.5, md: 3 },
            '& p': { mb: 2, color: 'text.secondary' },
          }}
        >
          <Typography>
            Choose your current distributor and point us to your releases, by searching for them or pasting
            their links. We ask your distributor to take them down and redistribute them under {labelName}.
          </Typography>
          <Typography>
            A full transfer usually takes 2-4 weeks. Your streams, followers and playlists stay intact, so
            your listeners never lose a song.
          </Typography>
          <Typography sx={{ mb: '0 !important' }}>
            Have new music as well? Choose both options and send it all in one submission.
          </Typography>
        </Box>
      </Section>

      <SubmitCta />
    </>
  );
}
