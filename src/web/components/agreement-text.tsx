import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { splitAgreementBlocks } from '../../domain';

/**
 * An agreement's text as the artist reads it: the same blocks (headings, paragraphs) the sealed
 * PDF prints, so the page and the PDF never disagree on what was signed. `headingLevel` keeps the
 * page's heading order (the agreement's own title is the first heading).
 */
export function AgreementText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 | 4 }) {
  const blocks = splitAgreementBlocks(text);
  return (
    <Box sx={{ '& > *:first-of-type': { mt: 0 } }}>
      {blocks.map((block, index) =>
        block.kind === 'heading' ? (
          <Typography
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder.
            key={index}
            component={`h${index === 0 ? headingLevel : Math.min(headingLevel + 1, 6)}` as 'h2'}
            variant={index === 0 ? 'h5' : 'h6'}
            sx={{ mt: 3, mb: 1 }}
          >
            {block.text}
          </Typography>
        ) : (
          // A long word (a SHA-256 in a release schedule, an address) wraps rather than widen a phone's page.
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder.
          <Typography key={index} sx={{ mb: 1.5, lineHeight: 1.7, overflowWrap: 'anywhere' }}>
            {block.text}
          </Typography>
        ),
      )}
    </Box>
  );
}
