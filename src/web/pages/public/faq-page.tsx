import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SubmitCta } from '../../components/submit-cta';
import { usePublicConfig } from '../../config';

interface Faq {
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  title: string;
  items: Faq[];
}

function useFaqGroups(): FaqGroup[] {
  const { labelName, reviewPromise, contactEmail } = usePublicConfig();
  return [
    {
      title: 'Submitting',
      items: [
        {
          question: 'Who can submit music?',
          answer: `Independent artists and bands aged 16 or over who want a label and publisher to release or take on their music. You do not need to have released anything before.`,
        },
        {
          question: 'What can I submit?',
          answer:
            'New music, a transfer of releases you already have out with another distributor, or both in one submission.',
        },
        {
          question: 'Which release types do you take?',
          answer:
            'A single (1-2 tracks), an EP (3-6 tracks) or an LP (6 or more tracks, up to 20). For an EP or an LP you can release everything together or put out singles first.',
        },
        {
          question: 'Which file formats and sizes do you accept?',
          answer:
            'Audio as WAV files of up to 200 MB per track, and cover artwork as a JPEG image of up to 20 MB.',
        },
        {
          question: 'How far ahead should my release date be?',
          answer:
            'At least 6 weeks (42 days) after the day you submit, so that there is time to deliver and pitch your release. If you need an earlier date, you can ask for one in the form and tell us why.',
        },
        {
          question: 'Do I need Instagram or TikTok?',
          answer:
            'No. Add your profiles if you have them, or tell us you have none. A streaming profile or a link where we can listen helps us hear you.',
        },
      ],
    },
    {
      title: 'Catalogue transfers',
      items: [
        {
          question: 'How does a catalogue transfer work?',
          answer: `You tell us who your current distributor is and which releases to move. We ask them to take the releases down and ${labelName} redistributes them.`,
        },
        {
          question: 'How long does a transfer take, and will I lose my streams?',
          answer:
            'A full transfer usually takes 2-4 weeks. Your streams, followers and playlists stay intact.',
        },
      ],
    },
    {
      title: 'After you submit',
      items: [
        {
          question: 'How long does the review take?',
          answer: `Our team reviews every submission within ${reviewPromise}. If your music is a fit, we reach out to you directly.`,
        },
        {
          question: 'What happens if you want to work with me?',
          answer:
            'We send you artist-friendly terms to read and sign online, then guide you through release and onboarding.',
        },
        {
          question: 'I received a personal link. What is it for?',
          answer:
            'An invitation link opens the submission form with your details already filled in. A returning-artist link does the same for artists we work with: it stays valid for 365 days and for as many releases as you like.',
        },
        {
          question: 'How do you handle my data?',
          answer: (
            <>
              We use your details to review your submission and to work with you. Our{' '}
              <Link component={RouterLink} to="/privacy-policy">
                Privacy Policy
              </Link>{' '}
              explains what we keep and for how long, and we answer data requests within 30 days.
            </>
          ),
        },
        {
          question: 'Who do I contact with another question?',
          answer: (
            <>
              Write to <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
            </>
          ),
        },
      ],
    },
  ];
}

/**
 * A question that opens to its answer: the browser's own disclosure (`<details>`), so it opens
 * with or without the app (the page is sent without it to visitors: static-page.ts), by mouse,
 * touch or keyboard, and the browser's find-in-page reaches a closed answer. Styled as the
 * site's accordions.
 */
function FaqItem({ faq }: { faq: Faq }) {
  return (
    <Box
      component="details"
      sx={{
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 1, borderColor: 'divider' },
        '&[open] > summary svg': { transform: 'rotate(180deg)' },
      }}
    >
      <Box
        component="summary"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          minHeight: 48,
          px: 2,
          py: 1.5,
          cursor: 'pointer',
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography component="span" sx={{ fontWeight: 600, pr: 1 }}>
          {faq.question}
        </Typography>
        <ExpandMoreIcon
          aria-hidden="true"
          sx={{ color: 'action.active', flexShrink: 0, transition: 'transform 150ms' }}
        />
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        <Typography sx={{ color: 'text.secondary' }}>{faq.answer}</Typography>
      </Box>
    </Box>
  );
}

export function FaqPage() {
  const groups = useFaqGroups();
  return (
    <>
      <PageHeader
        eyebrow="FAQ"
        title="Frequently asked questions"
        documentTitle="FAQ"
        intro="Short answers about submitting, catalogue transfers and what happens after you submit."
      />
      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ maxWidth: 840 }}>
          {groups.map((group) => (
            <Box
              key={group.title}
              component="section"
              sx={{ '&:not(:last-of-type)': { mb: { xs: 5, md: 7 } } }}
            >
              <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mb: 2.5 }}>
                {group.title}
              </Typography>
              {group.items.map((faq) => (
                <FaqItem key={faq.question} faq={faq} />
              ))}
            </Box>
          ))}
        </Box>
      </Container>
      <SubmitCta title="Still curious? Send us your music." />
    </>
  );
}
