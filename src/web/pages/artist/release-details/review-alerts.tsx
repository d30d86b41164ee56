import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Ref } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { checkReleaseDetails, type FieldError } from '../../../../domain';
import { fieldDomId } from '../../../forms/field-errors';
import { scrollToField } from '../../../forms/scroll-to-field';
import type { ReleaseDetailsFormValues } from './release-details-form';

function ProblemLinks({ problems }: { problems: readonly FieldError[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {problems.map((problem) => (
        <li key={`${problem.field}\n${problem.message}`}>
          <Link
            href={`#${fieldDomId(problem.field)}`}
            color="inherit"
            onClick={(event) => {
              event.preventDefault();
              scrollToField(problem.field);
            }}
          >
            {problem.message}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** What blocks the submission for review, each a link to its field. Focused when it appears. */
export function ProblemsSummary({
  problems,
  ref,
}: {
  problems: readonly FieldError[];
  ref?: Ref<HTMLDivElement>;
}) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} aria-labelledby="release-details-problems">
      <AlertTitle id="release-details-problems">
        {problems.length === 1 ? 'One thing needs fixing' : `${problems.length} things need fixing`}
      </AlertTitle>
      <ProblemLinks problems={problems} />
    </Alert>
  );
}

/** Split totals other than 100%, recomputed as the artist types; they never block. */
export function SplitWarnings() {
  const { control } = useFormContext<ReleaseDetailsFormValues>();
  const tracks = useWatch({ control, name: 'tracks' });
  const warnings = checkReleaseDetails(tracks ?? []).warnings;
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>Check the master splits</AlertTitle>
      <ProblemLinks problems={warnings} />
      <Box component="p" sx={{ mb: 0, mt: 1 }}>
        Shares usually add up to 100%. You can still submit; the label will go through the shares with you.
      </Box>
    </Alert>
  );
}
