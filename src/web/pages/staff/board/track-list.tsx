import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type BoardItemDetail,
  type BoardTrack,
  listLoudnessAdvice,
  sumSplitPercentages,
  type TrackLoudnessView,
} from '../../../../domain';
import { LevelCheckReport } from '../../../components/level-check-report';
import { formatAudioLine, formatBoardDate, formatFileSize, formatSubmittedAt } from './board-format';
import { ClipsWaveform } from './clips-waveform';
import { ArtworkFile, DownloadButton, ExternalLink, InfoList, InfoRow } from './detail-parts';
import { PlayTrackButton } from './submission-player';

type Contributor = BoardTrack['contributors'][number];
type Split = BoardTrack['splits'][number];

const CONTRIBUTOR_KINDS: Record<Contributor['kind'], string> = {
  featured: 'Featured artist',
  non_featured: 'Non-featured artist',
  producer: 'Producer',
};

/** The form's own words for the explicit-content answer. */
const ADVISORY_LABELS: Record<string, string> = {
  yes: 'Yes (explicit)',
  cleaned: 'Clean version',
  no: 'No',
};

const CLIP_STATUS_LABELS: Record<BoardTrack['clips'][number]['status'], string> = {
  requested: 'Being cut',
  ready: 'Ready',
  failed: 'Failed',
};

function SubHeading({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h4" sx={{ mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

function ContributorList({ contributors }: { contributors: Contributor[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {contributors.map((c, index) => (
        // Contributors have no id of their own in the view; their order is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per answer, never reordered
        <li key={index}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {`${c.firstName} ${c.surname}`.trim()}
          </Typography>
          {' — '}
          {CONTRIBUTOR_KINDS[c.kind]}
          {c.roles.length > 0 ? `: ${c.roles.join(', ')}` : ''}
          {c.isPrimaryArtist ? ' (primary artist)' : ''}
          {c.email ? (
            <>
              {' · '}
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </>
          ) : null}
          {c.spotifyUrl ? (
            <>
              {' · '}
              <ExternalLink href={c.spotifyUrl}>Spotify</ExternalLink>
            </>
          ) : null}
        </li>
      ))}
    </Box>
  );
}

/** Who owns the master, with the total (shown, never capped: spec 001 §5). */
export function SplitList({ splits, owner }: { splits: Split[]; owner: string }) {
  const total = sumSplitPercentages(splits);
  return (
    <Box
      component="table"
      aria-label={`Master splits of ${owner}`}
      sx={{
        borderCollapse: 'collapse',
        width: '100%',
        maxWidth: 520,
        '& th, & td': { textAlign: 'left', py: 0.5, pr: 2, borderBottom: 1, borderColor: 'divider' },
        '& td:last-of-type, & th:last-of-type': { textAlign: 'right', pr: 0 },
      }}
    >
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {splits.map((split, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: splits keep the artist's order and are never reordered here
          <tr key={index}>
            <td>{split.name}</td>
            <td style={{ overflowWrap: 'anywhere' }}>{split.email ?? '—'}</td>
            <td>{split.percentage}%</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td style={{ fontWeight: 700 }}>{total}%</td>
        </tr>
      </tfoot>
    </Box>
  );
}

function formatSilence(seconds: number): string {
  return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
}

/**
 * The server's level check of the track's stored audio, with the advice the artist
 * saw in the form, in the same words: "Measuring…" until the job has run, or why it could not.
 */
export function TrackLevels({ loudness, title }: { loudness: TrackLoudnessView; title: string }) {
  if (loudness.status === 'measuring')
    return (
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        Measuring… The levels of this file are checked in the background; reload the page in a minute.
      </Typography>
    );
  if (loudness.status === 'failed')
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Levels not measured: {loudness.reason.replace(/\.$/, '')}.
      </Typography>
    );
  const { measurement } = loudness;
  const clipped = measurement.clippedSamples;
  return (
    <LevelCheckReport
      measurement={measurement}
      advice={listLoudnessAdvice(measurement)}
      complete={loudness.complete}
      label={`Level check of ${title}`}
      moreFigures={[
        clipped === 0 ? 'no clipping' : `${clipped.toLocaleString('en-GB')} clipped samples`,
        // Two figures, each short enough to stay on one line on a phone.
        `silence ${formatSilence(measurement.leadingSilenceSeconds)} at the start`,
        `${formatSilence(measurement.trailingSilenceSeconds)} at the end`,
      ]}
      footnote={`Measured on the stored file, ${formatSubmittedAt(loudness.measuredAt, 'UTC')} UTC. The artist's form gives the same advice before upload.`}
    />
  );
}

function TrackItem({ item, track, number }: { item: BoardItemDetail; track: BoardTrack; number: number }) {
  const audio = track.audio;
  const title = track.title || 'Untitled';
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h4" component="h3" sx={{ overflowWrap: 'anywhere', mr: 1 }}>
          {number}. {title}
        </Typography>
        {track.parentalAdvisory === 'yes' && <Chip size="small" label="Explicit" color="error" />}
        {track.parentalAdvisory === 'cleaned' && <Chip size="small" label="Clean version" />}
        {track.releaseAsSingle && (
          <Chip
            size="small"
            variant="outlined"
            label={`Single${track.singleReleaseDate ? `: ${formatBoardDate(track.singleReleaseDate)}` : ''}`}
          />
        )}
      </Stack>

      {audio ? (
        <Stack spacing={1} sx={{ mb: 1 }}>
          {/* Played in the docked player, which stays in view while the rest of the page is read. */}
          <PlayTrackButton item={item} track={track} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[audio.fileName, formatAudioLine(audio.media), formatFileSize(audio.size)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <DownloadButton href={audio.downloadUrl} label={`Download ${title} (${audio.fileName})`} />
          </Stack>
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>No audio file is stored for this track.</Typography>
      )}

      {track.loudness && (
        <>
          <SubHeading>Levels</SubHeading>
          <TrackLevels loudness={track.loudness} title={title} />
        </>
      )}

      <InfoList>
        <InfoRow label="Explicit content">
          {ADVISORY_LABELS[track.parentalAdvisory] ?? track.parentalAdvisory}
        </InfoRow>
        <InfoRow label="Production year">{track.productionYear}</InfoRow>
        <InfoRow label="ISRC">{track.isrc}</InfoRow>
        {track.groupedWithFinalSingle && <InfoRow label="Release">Released with the final single</InfoRow>}
      </InfoList>

      <SubHeading>Artwork</SubHeading>
      {track.customArtwork ? (
        // The track's own cover (spec 001 §3, useCustomArtwork).
        <ArtworkFile
          artwork={track.customArtwork}
          alt={`Custom artwork of ${title}`}
          downloadLabel={`Download the artwork of ${title} (${track.customArtwork.fileName})`}
        />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Uses the release artwork.</Typography>
      )}

      <SubHeading>Contributors</SubHeading>
      {track.soloWork ? (
        <Typography>Solo work: the artist made this track alone.</Typography>
      ) : track.contributors.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No contributors listed.</Typography>
      ) : (
        <ContributorList contributors={track.contributors} />
      )}

      <SubHeading>Master splits</SubHeading>
      {track.splits.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No master splits.</Typography>
      ) : (
        <SplitList splits={track.splits} owner={title} />
      )}

      {track.lyrics && (
        <Box component="details" sx={{ mt: 2, '& summary': { cursor: 'pointer', fontWeight: 600 } }}>
          <summary>Lyrics</summary>
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap', mt: 1, overflowWrap: 'anywhere' }}>
            {track.lyrics}
          </Typography>
        </Box>
      )}

      {track.clips.length > 0 && (
        <>
          <SubHeading>Social clips</SubHeading>
          {track.waveform && <ClipsWaveform waveform={track.waveform} clips={track.clips} />}
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {track.clips.map((clip, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: clips keep the artist's order
              <li key={index}>
                <Typography>
                  Clip {index + 1}: {clip.startTime}–{clip.endTime} · {CLIP_STATUS_LABELS[clip.status]}
                </Typography>
                {clip.description && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
                    {clip.description}
                  </Typography>
                )}
                {clip.status === 'ready' && clip.file && (
                  <Stack
                    direction="row"
                    spacing={2}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}
                  >
                    {/* biome-ignore lint/a11y/useMediaCaption: an excerpt of the submitted master, no captions exist */}
                    <audio
                      controls
                      preload="none"
                      src={clip.file.url}
                      aria-label={`Play clip ${index + 1} of ${title}`}
                      style={{ width: '100%', maxWidth: 420 }}
                    />
                    <DownloadButton
                      href={clip.file.downloadUrl}
                      label={`Download clip ${index + 1} of ${title}`}
                    />
                  </Stack>
                )}
              </li>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}

export function TrackList({ item }: { item: BoardItemDetail }) {
  if (item.tracks.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>This submission has no tracks of its own.</Typography>
    );
  }
  return (
    <Stack component="ol" spacing={2} sx={{ m: 0, p: 0 }}>
      {item.tracks.map((track, index) => (
        <TrackItem key={track.position} item={item} track={track} number={index + 1} />
      ))}
    </Stack>
  );
}
