import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ARTIST_DATA_EXPORT_PATH } from '../../../api/data-requests';
import { mailbox, usePublicConfig } from '../../../config';

/**
 * The artist's data rights on their profile: a copy of everything the label holds about them (a
 * plain link, so the browser shows the ZIP's progress as it downloads), and how to have it erased.
 */
export function YourData() {
  const { labelName, contactEmail } = usePublicConfig();
  const privacy = mailbox('privacy', contactEmail);
  const id = useId();
  const descriptionId = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 1 }}>
        Your data
      </Typography>
      <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Download everything {labelName} holds about you as a ZIP file: your profile, your submissions with
        links to their files, messages, decisions, the documents you signed and the records about you.
      </Typography>
      <Button
        component="a"
        href={ARTIST_DATA_EXPORT_PATH}
        download
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden="true" />}
        aria-describedby={descriptionId}
      >
        Download my data
      </Button>
      <Typography variant="body2" sx={{ mt: 2 }}>
        To have your data erased, write to <Link href={`mailto:${privacy}`}>{privacy}</Link>. Data requests
        are answered within 30 days.
      </Typography>
    </Paper>
  );
}
