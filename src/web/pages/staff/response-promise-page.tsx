import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  AUTO_DECLINE_NEEDS_TEMPLATE,
  formatLongDate,
  promiseDaysSchema,
  RESPONSE_PROMISE_MAX_DAYS,
  RESPONSE_PROMISE_MIN_DAYS,
  type ResponsePromiseResponse,
  type ResponsePromiseRun,
} from '../../../domain';
import { useDecisionTemplates } from '../../api/decision-templates';
import { usePromiseRuns, useResponsePromise, useUpdateResponsePromise } from '../../api/response-promise';
import { isSignedOutError } from '../../auth/sign-in-path';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { LoadMore, pagedListState } from '../../components/load-more';
import { PanelSection } from '../../components/panel-section';
import { StaffPage, StaffPageHeader } from '../../components/staff-page-header';
import { BOARD_PATH, formatSubmittedAt } from './board/board-format';
import { DECISION_TEMPLATES_PATH } from './board/decision-message-field';
import { ListSkeleton } from './invite/load-states';

export const RESPONSE_PROMISE_PATH = '/admin/response-promise';
const NO_TEMPLATE = '';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where the board stands today: how many are past the promise, and when the job runs next. */
function Today({ answer }: { answer: ResponsePromiseResponse }) {
  const { overdueCount, today, timeZone, nextRunAt, settings } = answer;
  return (
    <PanelSection title="Today">
      <Stack spacing={1}>
        <Typography>
          {overdueCount === 0
            ? 'No submission is past the promise today.'
            : `${plural(overdueCount, 'submission is', 'submissions are')} past the promise today.`}{' '}
          {overdueCount > 0 && (
            <Link component={RouterLink} to={`${BOARD_PATH}?overdue=true`}>
              See them on the board
            </Link>
          )}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Today is {formatLongDate(today) ?? today} in the label’s time zone ({timeZone}).{' '}
          {settings.autoDecline
            ? nextRunAt
              ? `The job runs next on ${formatSubmittedAt(nextRunAt)}.`
              : 'The job runs once a day.'
            : 'Automatic declines are off: the job declines nothing.'}
        </Typography>
      </Stack>
    </PanelSection>
  );
}

function SettingsForm({ answer }: { answer: ResponsePromiseResponse }) {
  const { settings } = answer;
  const templates = useDecisionTemplates();
  const update = useUpdateResponsePromise();
  const [days, setDays] = useState(String(settings.promiseDays));
  const [autoDecline, setAutoDecline] = useState(settings.autoDecline);
  const [templateId, setTemplateId] = useState(settings.declineTemplate?.templateId ?? NO_TEMPLATE);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const declineTemplates = (templates.data ?? []).filter((template) => template.kind === 'decline');
  const templateMissing = autoDecline && templateId === NO_TEMPLATE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = promiseDaysSchema.safeParse(
      /^\s*-?\d+(\.\d+)?\s*$/.test(days) ? Number(days) : Number.NaN,
    );
    if (!parsed.success) {
      setDaysError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setDaysError(null);
    if (templateMissing) return;
    update.mutate(
      { promiseDays: parsed.data, declineTemplateId: templateId || null, autoDecline },
      { onSuccess: () => setSaved(true) },
    );
  };

  let templateHelp: ReactNode =
    'The polite decline the job sends, filled with the artist’s name and the release title.';
  if (templates.isError) templateHelp = `The templates could not be loaded: ${templates.error.message}`;
  else if (templates.data && declineTemplates.length === 0)
    templateHelp = (
      <>
        No decline templates yet.{' '}
        <Link component={RouterLink} to={DECISION_TEMPLATES_PATH}>
          Write one on the templates page
        </Link>
        .
      </>
    );
  else if (templateMissing) templateHelp = AUTO_DECLINE_NEEDS_TEMPLATE;

  return (
    <PanelSection title="The promise">
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={3} sx={{ maxWidth: 560 }}>
          <Typography sx={{ color: 'text.secondary' }}>
            Every submission gets an answer within this many days. The board marks a submission amber when
            {` ${answer.nearDays}`} days or fewer are left and red once its answer-by day has passed. The
            texts artists read keep their own wording: 5-7 days on the thank-you page, 7-10 days in the
            waiting-list confirmation.
          </Typography>
          <TextField
            label="Days until every submission gets an answer"
            value={days}
            onChange={(event) => {
              setDays(event.target.value);
              setSaved(false);
            }}
            type="number"
            slotProps={{
              htmlInput: { min: RESPONSE_PROMISE_MIN_DAYS, max: RESPONSE_PROMISE_MAX_DAYS, step: 1 },
            }}
            error={daysError !== null}
            helperText={
              daysError ??
              `Whole days, ${RESPONSE_PROMISE_MIN_DAYS} to ${RESPONSE_PROMISE_MAX_DAYS}, counted from when a submission was sent or last came back to Pending.`
            }
            sx={{ maxWidth: 360 }}
          />
          {settings.declineTemplateDeleted && (
            <Alert severity="warning">
              The decline template chosen for the job was deleted: the job declines nothing until you choose
              another.
            </Alert>
          )}
          <TextField
            select
            label="Decline template the job sends"
            value={declineTemplates.some((t) => t.templateId === templateId) ? templateId : NO_TEMPLATE}
            onChange={(event) => {
              setTemplateId(event.target.value);
              setSaved(false);
            }}
            disabled={templates.isPending}
            // 'None chosen' is a choice of its own, shown as such.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            error={templates.isError || templateMissing}
            helperText={templateHelp}
          >
            <MenuItem value={NO_TEMPLATE}>None chosen</MenuItem>
            {declineTemplates.map((template) => (
              <MenuItem key={template.templateId} value={template.templateId}>
                {template.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={autoDecline}
                onChange={(event) => {
                  setAutoDecline(event.target.checked);
                  setSaved(false);
                }}
              />
            }
            label="Decline submissions past the promise automatically, once a day"
          />
          {update.isError && <Alert severity="error">{update.error.message}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained" loading={update.isPending}>
              Save
            </Button>
            <Typography role="status" sx={{ color: 'success.main' }}>
              {saved ? 'Saved.' : ''}
            </Typography>
          </Stack>
        </Stack>
      </Box>
    </PanelSection>
  );
}

function runHeadline(run: ResponsePromiseRun): string {
  if (run.outcome === 'skipped') return 'Did nothing';
  // A run still marked running an hour on was stopped (a restart): the next run takes the rest.
  if (run.outcome === 'running')
    return Date.now() - Date.parse(run.startedAt) < 3_600_000 ? 'Running now' : 'Did not finish';
  if (run.declined === 0 && run.failed === 0)
    return run.reason ? 'Declined nothing' : 'Nothing was past the promise';
  const parts = [`Declined ${plural(run.declined, 'submission', 'submissions')}`];
  if (run.failed > 0) parts.push(`${run.failed} failed`);
  return parts.join(', ');
}

function RunEntry({ run }: { run: ResponsePromiseRun }) {
  const headingId = `run-${run.runId}`;
  const more = run.itemCount - run.items.length;
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ borderLeft: 3, borderColor: run.failed > 0 ? 'error.main' : 'primary.light', pl: 2, minWidth: 0 }}
    >
      <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
        <time dateTime={run.startedAt}>{formatSubmittedAt(run.startedAt)}</time>: {runHeadline(run)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Promise of {plural(run.promiseDays, 'day', 'days')}
        {run.templateName ? ` · Template: ${run.templateName}` : ''}
        {run.trigger === 'test' ? ' · Run by the test suite' : ''}
      </Typography>
      {run.reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {run.reason}
        </Typography>
      )}
      {run.items.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {run.items.map((item) => (
            <li key={`${item.itemId}-${item.result}`}>
              <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={`/details/${encodeURIComponent(item.itemId)}`}>
                  {item.itemName}
                </Link>
                {item.result === 'declined'
                  ? ` · declined (answer was due ${formatLongDate(item.answerBy) ?? item.answerBy})`
                  : ` · failed: ${item.reason ?? 'no reason recorded'}`}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {more > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          And {plural(more, 'more submission', 'more submissions')}.
        </Typography>
      )}
    </Box>
  );
}

function Runs() {
  const runs = usePromiseRuns();
  const list = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  let body: ReactNode;
  if (runs.isPending) body = <ListSkeleton label="Loading the job’s runs..." />;
  else if (runs.isError && list.length === 0)
    body = (
      <LoadFailedAlert
        signedOut={isSignedOutError(runs.error)}
        returnTo={RESPONSE_PROMISE_PATH}
        onRetry={() => void runs.refetch()}
      >
        The runs could not be loaded: {runs.error.message}
      </LoadFailedAlert>
    );
  else if (list.length === 0)
    body = (
      <Typography sx={{ color: 'text.secondary' }}>
        The job has not declined anything yet. Its runs appear here once automatic declines are on.
      </Typography>
    );
  else
    body = (
      <>
        <Stack spacing={2.5} aria-label="Runs, newest first">
          {list.map((run) => (
            <RunEntry key={run.runId} run={run} />
          ))}
        </Stack>
        <LoadMore noun="runs" list={pagedListState(runs, list.length)} />
      </>
    );
  return <PanelSection title="What the job did">{body}</PanelSection>;
}

/**
 * The response promise, staff: the days every submission gets an answer within, the
 * daily job that declines those past it (its switch and template), and what the job did.
 */
export function ResponsePromisePage() {
  const promise = useResponsePromise();
  let content: ReactNode;
  if (promise.isPending) content = <ListSkeleton label="Loading the response promise..." />;
  else if (promise.isError)
    content = (
      <LoadFailedAlert
        signedOut={isSignedOutError(promise.error)}
        returnTo={RESPONSE_PROMISE_PATH}
        onRetry={() => void promise.refetch()}
      >
        The response promise could not be loaded: {promise.error.message}
      </LoadFailedAlert>
    );
  else
    content = (
      <Stack spacing={3}>
        <Today answer={promise.data} />
        <SettingsForm answer={promise.data} />
        <Runs />
      </Stack>
    );
  return (
    <StaffPage>
      <StaffPageHeader title="Response promise">
        Every submission gets an answer within the days you promise: the board marks those near and past it,
        and a daily job can decline those past it.
      </StaffPageHeader>
      {content}
    </StaffPage>
  );
}
