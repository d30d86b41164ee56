import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  formatLongDate,
  getReleaseTypeLabel,
  getReviewBadgeLabel,
  hasTrackAudio,
  READY_TO_SUBMIT,
  SUBMIT_MUSIC_LABEL,
  SUBMITTING_LABEL,
  UPLOAD_TYPE_LABELS,
} from '../../../../../domain';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { ADDITIONAL_STEP, ARTIST_STEP, MUSIC_STEP } from '../../form/validate-step';
import { StepSection } from '../step-section';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 0.75 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', minWidth: 180 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Stack>
  );
}

/**
 * Step 4 (spec 001 §2): everything entered, with the readiness badge (a summary, not validation)
 * and dates in US English long format. Each part links back to its step.
 */
export function ReviewStep({
  onEdit,
  onSubmit,
  submitting,
  children,
}: {
  onEdit(step: number): void;
  onSubmit(): void;
  submitting: boolean;
  /** Shown above the buttons: the Turnstile check, when the installation uses it. */
  children?: ReactNode;
}) {
  const values = useWatch<SubmitFormValues>() as SubmitFormValues;
  const badge = getReviewBadgeLabel(values);
  const tracks = values.tracks.filter(hasTrackAudio);
  const date = (value: string | undefined) => (value ? (formatLongDate(value) ?? value) : '');
  const edit = (step: number, what: string) => (
    <Button size="small" onClick={() => onEdit(step)} aria-label={`Edit ${what}`}>
      Edit
    </Button>
  );
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2">
          Review your submission
        </Typography>
        <Chip label={badge} color={badge === READY_TO_SUBMIT ? 'success' : 'warning'} />
      </Stack>
      <StepSection title="Artist">
        <dl style={{ margin: 0 }}>
          <Row label="Artist name">{values.artistName}</Row>
          <Row label="Name">{`${values.firstName} ${values.surname}`.trim()}</Row>
          <Row label="Email">{values.email}</Row>
          <Row label="Location">{[values.city, values.country].filter(Boolean).join(', ')}</Row>
          <Row label="Spotify">{values.spotifyProfile}</Row>
          <Row label="Instagram">{values.noInstagram ? 'None' : values.instagramProfile}</Row>
          <Row label="TikTok">{values.noTikTok ? 'None' : values.tiktokProfile}</Row>
        </dl>
        {edit(ARTIST_STEP, 'artist information')}
      </StepSection>
      <StepSection title="Music">
        <dl style={{ margin: 0 }}>
          <Row label="Submission">{UPLOAD_TYPE_LABELS[values.uploadType]}</Row>
          {values.uploadType !== 'transfer' && (
            <>
              <Row label="Release">{values.releaseTitle}</Row>
              <Row label="Type">{getReleaseTypeLabel(values.releaseType)}</Row>
              <Row label="Genre">{[values.primaryGenre, values.subGenre].filter(Boolean).join(' / ')}</Row>
              <Row label={values.releaseStrategy === 'singles_first' ? 'Full release date' : 'Release date'}>
                {date(
                  values.releaseStrategy === 'singles_first' ? values.fullReleaseDate : values.releaseDate,
                )}
              </Row>
              <Row label="Tracks">
                {tracks.length === 0
                  ? ''
                  : tracks.map((track, i) => (
                      <span key={track.id} style={{ display: 'block' }}>
                        {i + 1}. {track.title || 'Untitled'}
                        {track.releaseAsSingle && track.singleReleaseDate
                          ? ` (single, ${date(track.singleReleaseDate)})`
                          : ''}
                        {track.useCustomArtwork
                          ? ` · Custom artwork: ${track.customArtworkFileName ?? 'not chosen'}`
                          : ''}
                      </span>
                    ))}
              </Row>
              <Row label="Artwork">{values.artworkFileName ?? (values.artwork ? 'Uploaded' : '')}</Row>
            </>
          )}
          {values.uploadType !== 'new-music' && (
            <>
              <Row label="Current distributor">{values.distributor}</Row>
              <Row label="Catalogue to transfer">
                {values.catalogueItems.map((item) => `${item.title} (${item.type})`).join(', ')}
              </Row>
            </>
          )}
        </dl>
        {edit(MUSIC_STEP, 'music')}
      </StepSection>
      <StepSection title="Additional information">
        <dl style={{ margin: 0 }}>
          <Row label="About your music">{values.bio}</Row>
          <Row label="For Fans Of">{values.influences}</Row>
          <Row label="Publishing administration">
            {values.publishingAdministrationInterest ? 'Interested' : 'Not now'}
          </Row>
          <Row label="PRO / PPL number">{values.proNumber}</Row>
        </dl>
        {edit(ADDITIONAL_STEP, 'additional information')}
      </StepSection>
      {children}
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 2 }}
      >
        <Button variant="outlined" size="large" onClick={() => onEdit(ADDITIONAL_STEP)} disabled={submitting}>
          Back to Edit
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={onSubmit}
          disabled={submitting}
          startIcon={<SendRoundedIcon />}
          aria-busy={submitting}
        >
          {submitting ? SUBMITTING_LABEL : SUBMIT_MUSIC_LABEL}
        </Button>
      </Stack>
    </Stack>
  );
}
