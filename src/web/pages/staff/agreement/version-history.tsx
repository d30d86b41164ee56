import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AgreementTemplate } from '../../../../domain';
import { AgreementText } from '../../../components/agreement-text';
import { formatSubmittedAt } from '../board/board-format';

/** 'Saved Nov 21, 2026, 7:00 AM by ana@label.example'; the first version is made by the portal itself. */
export function describeSaved(template: AgreementTemplate): string {
  const when = formatSubmittedAt(template.createdAt);
  return template.createdBy
    ? `Saved ${when} by ${template.createdBy}`
    : `Created ${when} from the demo template`;
}

function VersionEntry({ template, current }: { template: AgreementTemplate; current: boolean }) {
  const baseId = useId();
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&:before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${baseId}-summary`}
        aria-controls={`${baseId}-text`}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 1.5 }} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>Version {template.version}</Typography>
            {current && <Chip size="small" color="primary" label="Current" />}
          </Stack>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{template.title}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: { sm: 'center' } }}>
            {describeSaved(template)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {/* A long text scrolls inside the list; focusable so the keyboard can scroll it. */}
        <Box
          tabIndex={0}
          sx={{ borderTop: 1, borderColor: 'divider', pt: 2, maxHeight: 480, overflowY: 'auto' }}
        >
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {template.title}
          </Typography>
          <AgreementText text={template.body} headingLevel={4} />
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/** Every saved version, newest first, each opening to the text as it was saved (placeholders unfilled). */
export function VersionHistory({ templates }: { templates: AgreementTemplate[] }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Version history
      </Typography>
      {templates.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No version has been saved yet.</Typography>
      ) : (
        <Stack spacing={1} role="list" aria-label="Versions">
          {templates.map((template, index) => (
            <Box role="listitem" key={template.id}>
              <VersionEntry template={template} current={index === 0} />
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
