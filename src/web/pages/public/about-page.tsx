import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { Section } from '../../components/section';
import { SubmitCta } from '../../components/submit-cta';
import { usePublicConfig } from '../../config';

const values = [
  {
    title: 'We listen to everything',
    text: 'Every submission reaches a person on our team, who listens to it before anything is decided.',
  },
  {
    title: 'Artist-friendly terms',
    text: 'Clear agreements in plain language that you read in your own time and sign online.',
  },
  {
    title: 'In it for the long run',
    text: 'We plan releases with you, from the first single to the album after next, and bring over what you have already released.',
  },
];

export function AboutPage() {
  const { labelName, contactEmail, reviewPromise } = usePublicConfig();

  return (
    <>
      <PageHeader
        eyebrow="About"
        title={`About ${labelName}`}
        intro={`${labelName} is an independent label and publisher for artists and bands who want a partner for their music, not a vending machine.`}
      />

      <Section title="Who we are" maxWidth="md">
        <Box sx={{ '& p': { mb: 2, fontSize: '1.0625rem' } }}>
          <Typography>
            We are a small team of music people. We release new music, take on existing catalogues from other
            distributors, and look after the business side so that artists can spend their time on the music.
          </Typography>
          <Typography>
            This portal is how we find the artists we work with. Anyone can submit. Our team reviews every
            submission within {reviewPromise}, and when something is a fit we reach out directly, send
            artist-friendly terms, and then guide the release and onboarding together with you.
          </Typography>
          <Typography>
            Publishing administration is on its way: when you submit, you can tell us whether you would like
            us to look after your publishing too.
          </Typography>
        </Box>
      </Section>

      <Section tone="paper" title="What we stand for">
        <Grid container spacing={{ xs: 3, md: 5 }}>
          {values.map((value) => (
            <Grid key={value.title} size={{ xs: 12, md: 4 }}>
              <Box sx={{ borderTop: 3, borderColor: 'secondary.main', pt: 2.5 }}>
                <Typography variant="h3" sx={{ mb: 1 }}>
                  {value.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>{value.text}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section title="Get in touch" maxWidth="md">
        <Typography sx={{ fontSize: '1.0625rem' }}>
          Questions about a submission, a transfer or working with us? Write to{' '}
          <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>. For music, please use the submission
          form, so that it reaches the whole team with everything we need.
        </Typography>
      </Section>

      <SubmitCta />
    </>
  );
}
