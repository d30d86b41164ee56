import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ADD_CONTRIBUTOR_HINT,
  type Contributor,
  type ContributorList,
  createDefaultTrackMetadata,
  detachSplitsFromContributor,
  getMaxProductionYear,
  getTrackContributorsField,
  MAX_VISIBLE_ROLE_CHIPS,
  MIN_PRODUCTION_YEAR,
  type ParentalAdvisory,
  removeContributor,
  saveContributor,
  type TrackMetadata,
} from '../../../domain';
import { fieldAnchor, useFieldError } from '../field-errors';
import { FormTextField } from '../form-fields';
import { getToday, type SubmitFormValues } from '../form-values';
import { ContributorDialog } from './contributor-dialog';
import { CONTRIBUTOR_LIST_LABELS, formatContributorName } from './contributor-format';
import { CustomArtworkField } from './custom-artwork-field';
import { MasterSplitsEditor } from './master-splits-editor';
import { type ClipAudio, SocialClipsEditor } from './social-clips-editor';
import { TrackDetailsSection } from './track-details-section';

type MetadataPath = `tracks.${number}.metadata`;

interface TrackDetailsFormProps {
  index: number;
  /**
   * Offers the track's own artwork (spec 001 §3, useCustomArtwork): the submission form does; the
   * release details, which share this form, keep the release's one artwork.
   */
  withCustomArtwork?: boolean;
  /** The track's waveform and audio for the social clip picker. */
  clipAudio?: ClipAudio | undefined;
}

/**
 * The per-track form (spec 001 §2, "Per-track form"): who created the track, master royalty
 * splits, production year, explicit content, lyrics and social audio clips, all bound to
 * `tracks.${index}.metadata`, and on the submission form the track's custom artwork.
 */
export function TrackDetailsForm({ index, withCustomArtwork = false, clipAudio }: TrackDetailsFormProps) {
  const { control, getValues, setValue } = useFormContext<SubmitFormValues>();
  const metadataPath: MetadataPath = `tracks.${index}.metadata`;
  const metadata = useWatch({ control, name: metadataPath });
  const title = useWatch({ control, name: `tracks.${index}.title` }) ?? '';

  // A track restored from an older draft may have no details yet; every field below edits a part
  // of a complete metadata object, so it is created once before anything is shown.
  useEffect(() => {
    if (!getValues(metadataPath)) setValue(metadataPath, createDefaultTrackMetadata());
  }, [getValues, setValue, metadataPath]);

  if (!metadata) return null;
  return (
    <TrackDetailsFields
      index={index}
      metadataPath={metadataPath}
      metadata={metadata}
      title={title}
      withCustomArtwork={withCustomArtwork}
      clipAudio={clipAudio}
    />
  );
}

interface TrackDetailsFieldsProps {
  index: number;
  metadataPath: MetadataPath;
  metadata: TrackMetadata;
  title: string;
  withCustomArtwork: boolean;
  clipAudio: ClipAudio | undefined;
}

const ADVISORY_OPTIONS: readonly { value: ParentalAdvisory; label: string }[] = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes (explicit)' },
  { value: 'cleaned', label: 'Clean version' },
];

function TrackDetailsFields({
  index,
  metadataPath,
  metadata,
  title,
  withCustomArtwork,
  clipAudio,
}: TrackDetailsFieldsProps) {
  const { getValues, setValue } = useFormContext<SubmitFormValues>();
  const maxYear = getMaxProductionYear(getToday());
  const lyricsHelpId = useId();
  const advisoryLabelId = useId();

  function writeMetadata(change: (current: TrackMetadata) => TrackMetadata) {
    setValue(metadataPath, change(getValues(metadataPath) ?? createDefaultTrackMetadata()), {
      shouldDirty: true,
    });
  }

  const contributors = [...metadata.featuredArtists, ...metadata.producers, ...metadata.nonFeaturedArtists];

  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <ContributorsSection index={index} metadata={metadata} title={title} writeMetadata={writeMetadata} />

      <TrackDetailsSection title="Royalties">
        <MasterSplitsEditor metadataPath={metadataPath} ownerTitle={title} contributors={contributors} />
      </TrackDetailsSection>

      <TrackDetailsSection title="Production year">
        <FormTextField
          name={`${metadataPath}.productionYear`}
          label="Production year"
          type="number"
          required
          helperText={`The year the recording was made, ${MIN_PRODUCTION_YEAR}-${maxYear}.`}
          sx={{ maxWidth: 320 }}
          fullWidth
          slotProps={{ htmlInput: { min: MIN_PRODUCTION_YEAR, max: maxYear, step: 1, inputMode: 'numeric' } }}
        />
      </TrackDetailsSection>

      <TrackDetailsSection title="Explicit content">
        <FormControl component="fieldset">
          <FormLabel component="legend" id={advisoryLabelId}>
            Does this track contain explicit content?
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={advisoryLabelId}
            name={`${metadataPath}.parentalAdvisory`}
            value={metadata.parentalAdvisory}
            onChange={(event) =>
              setValue(`${metadataPath}.parentalAdvisory`, event.target.value as ParentalAdvisory, {
                shouldDirty: true,
              })
            }
          >
            {ADVISORY_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
              />
            ))}
          </RadioGroup>
          <FormHelperText sx={{ mx: 0 }}>
            Choose Clean version for an edited version of a track that also exists with explicit lyrics.
          </FormHelperText>
        </FormControl>
      </TrackDetailsSection>

      <TrackDetailsSection title="Lyrics">
        <FormControlLabel
          control={
            <Switch
              checked={metadata.lyricsEnabled}
              onChange={(event) => {
                const on = event.target.checked;
                // Off clears the text, so lyrics the artist switched off are never submitted.
                writeMetadata((current) => ({
                  ...current,
                  lyricsEnabled: on,
                  lyrics: on ? current.lyrics : '',
                }));
              }}
              slotProps={{ input: { 'aria-describedby': lyricsHelpId } }}
            />
          }
          label="Include lyrics"
        />
        <Typography id={lyricsHelpId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Lyrics are shown on streaming platforms that support them. Turning this off removes them.
        </Typography>
        {metadata.lyricsEnabled && (
          <FormTextField
            name={`${metadataPath}.lyrics`}
            label="Lyrics"
            multiline
            minRows={6}
            maxRows={20}
            fullWidth
            sx={{ mt: 1 }}
          />
        )}
      </TrackDetailsSection>

      <TrackDetailsSection title="Social audio clips">
        <SocialClipsEditor trackIndex={index} audio={clipAudio} />
      </TrackDetailsSection>

      {withCustomArtwork && (
        <TrackDetailsSection title="Track artwork">
          <CustomArtworkField index={index} />
        </TrackDetailsSection>
      )}
    </Stack>
  );
}

export interface ContributorsSectionProps {
  index: number;
  metadata: TrackMetadata;
  title: string;
  writeMetadata(change: (current: TrackMetadata) => TrackMetadata): void;
}

interface ListedContributor {
  contributor: Contributor;
  list: ContributorList;
}

/**
 * Who created the track: solo work, or the credited people (added and edited with the contributor
 * dialog), bound to `tracks.${index}.metadata`. Also used alone where only a track's contributors
 * are open for editing (the artist's answer to a change request).
 */
export function ContributorsSection({ index, metadata, title, writeMetadata }: ContributorsSectionProps) {
  const { setValue } = useFormContext<SubmitFormValues>();
  const field = getTrackContributorsField(index);
  const error = useFieldError(field);
  const errorId = useId();
  // `initial` outlives `open` so the title does not flip to "Add" while an edit dialog closes.
  const [dialog, setDialog] = useState<{ open: boolean; initial?: Contributor }>({ open: false });

  const listed: ListedContributor[] = [
    ...metadata.featuredArtists.map((contributor) => ({ contributor, list: 'featuredArtists' as const })),
    ...metadata.producers.map((contributor) => ({ contributor, list: 'producers' as const })),
    ...metadata.nonFeaturedArtists.map((contributor) => ({
      contributor,
      list: 'nonFeaturedArtists' as const,
    })),
  ];

  function save(contributor: Contributor) {
    writeMetadata((current) => saveContributor(current, contributor));
    setDialog((current) => ({ ...current, open: false }));
  }

  function remove(contributor: Contributor) {
    writeMetadata((current) => ({
      ...removeContributor(current, contributor.id),
      masterSplits: detachSplitsFromContributor(current.masterSplits, contributor),
    }));
  }

  return (
    <TrackDetailsSection
      title="Who created this track?"
      description={`Credit everyone who worked on “${title.trim() || 'this track'}”, or tell us you made it alone.`}
      anchor={fieldAnchor(field)}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={metadata.soloWork}
            onChange={(event) =>
              setValue(`tracks.${index}.metadata.soloWork`, event.target.checked, { shouldDirty: true })
            }
            slotProps={{ input: { 'aria-describedby': error ? errorId : undefined } }}
          />
        }
        label="Solo work (I wrote, performed and produced it myself)"
      />

      {listed.length > 0 ? (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label="Contributors"
          sx={{ listStyle: 'none', p: 0, my: 1.5 }}
        >
          {listed.map(({ contributor, list }) => (
            <ContributorRow
              key={contributor.id}
              contributor={contributor}
              list={list}
              onEdit={() => setDialog({ open: true, initial: contributor })}
              onRemove={() => remove(contributor)}
            />
          ))}
        </Stack>
      ) : (
        !metadata.soloWork && (
          <Typography variant="body2" sx={{ color: 'text.secondary', my: 1.5 }}>
            {ADD_CONTRIBUTOR_HINT}
          </Typography>
        )
      )}

      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 0, mb: 1.5 }}>
          {error}
        </FormHelperText>
      )}

      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ open: true })}>
        Add contributor
      </Button>

      <ContributorDialog
        open={dialog.open}
        initial={dialog.initial}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSave={save}
      />
    </TrackDetailsSection>
  );
}

interface ContributorRowProps {
  contributor: Contributor;
  list: ContributorList;
  onEdit(): void;
  onRemove(): void;
}

function ContributorRow({ contributor, list, onEdit, onRemove }: ContributorRowProps) {
  const name = formatContributorName(contributor);
  const visibleRoles = contributor.roles.slice(0, MAX_VISIBLE_ROLE_CHIPS);
  const hiddenRoles = contributor.roles.slice(MAX_VISIBLE_ROLE_CHIPS);
  return (
    <Paper component="li" variant="outlined" sx={{ px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
            <Chip
              size="small"
              label={CONTRIBUTOR_LIST_LABELS[list]}
              color={list === 'featuredArtists' ? 'primary' : 'default'}
            />
            {contributor.isPrimaryArtist && <Chip size="small" variant="outlined" label="Primary artist" />}
          </Stack>
          <Stack
            direction="row"
            spacing={0.75}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            aria-label={`Roles of ${name}: ${contributor.roles.join(', ')}`}
            role="group"
          >
            {visibleRoles.map((role) => (
              <Chip key={role} size="small" variant="outlined" label={role} />
            ))}
            {hiddenRoles.length > 0 && (
              <Chip
                size="small"
                variant="outlined"
                label={`+${hiddenRoles.length}`}
                title={hiddenRoles.join(', ')}
              />
            )}
          </Stack>
        </Box>
        <IconButton aria-label={`Edit ${name}`} title={`Edit ${name}`} onClick={onEdit}>
          <EditOutlinedIcon />
        </IconButton>
        <IconButton aria-label={`Remove ${name}`} title={`Remove ${name}`} onClick={onRemove}>
          <DeleteOutlineOutlinedIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
