import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { type FeedbackRatingGroup, type FeedbackRatings, NO_FEEDBACK_RATINGS } from '../../../../domain';

const STARS = [1, 2, 3, 4, 5] as const;
/** From red (1 star) to green (5 stars): the spread reads at a glance. */
const STAR_COLOURS = ['#b91c1c', '#ea580c', '#ca8a04', '#65a30d', '#15803d'];

const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/**
 * One grouping's ratings as stacked bars (each row's ratings by stars), hidden from screen readers
 * and out of the tab order, and the same figures with the average as a table everyone reads.
 */
function RatingsByGroup({
  title,
  noun,
  groups,
}: {
  title: string;
  noun: string;
  groups: FeedbackRatingGroup[];
}) {
  if (groups.length === 0) return null;
  return (
    <Box>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box aria-hidden="true" inert>
        <BarChart
          layout="horizontal"
          height={Math.max(140, 44 * groups.length + 72)}
          yAxis={[{ scaleType: 'band', data: groups.map((group) => group.name), width: 160 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={STARS.map((stars, index) => ({
            data: groups.map((group) => group.distribution[index] ?? 0),
            label: starsLabel(stars),
            stack: 'ratings',
            color: STAR_COLOURS[index],
          }))}
          margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        />
      </Box>
      <Table size="small" sx={{ maxWidth: 760 }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            Ratings per {noun} in this window: how many, the average, and how many gave each number of stars
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{noun[0]?.toUpperCase() + noun.slice(1)}</TableCell>
            <TableCell scope="col" align="right">
              Ratings
            </TableCell>
            <TableCell scope="col" align="right">
              Average
            </TableCell>
            {STARS.map((stars) => (
              <TableCell key={stars} scope="col" align="right">
                {starsLabel(stars)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.id ?? 'none'}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {group.name}
              </TableCell>
              <TableCell align="right">{group.count}</TableCell>
              <TableCell align="right">{group.average.toFixed(1)}</TableCell>
              {STARS.map((stars, index) => (
                <TableCell key={stars} align="right">
                  {group.distribution[index] ?? 0}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Artists' ratings of the decisions' feedback in the window (the spec's "Answers artists can rate"),
 * per reviewer and per decision template, as a chart with a table beside it.
 */
export function FeedbackRatingsChart({ ratings }: { ratings: FeedbackRatings }) {
  if (ratings.byReviewer.length === 0 && ratings.byTemplate.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{NO_FEEDBACK_RATINGS}</Typography>;
  }
  return (
    <Stack spacing={4}>
      <RatingsByGroup title="Per reviewer" noun="reviewer" groups={ratings.byReviewer} />
      <RatingsByGroup title="Per template" noun="template" groups={ratings.byTemplate} />
    </Stack>
  );
}
