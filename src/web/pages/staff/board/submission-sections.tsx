import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BoardItemDetail } from '../../../../domain';
import { formatBoardDate, formatSubmissionType, formatUploadType, releaseTitleOf } from './board-format';
import { ArtworkFile, ExternalLink, InfoList, InfoRow } from './detail-parts';

const STRATEGY_LABELS: Record<string, string> = {
  together: 'Release all tracks together',
  singles_first: 'Release singles first',
};

/** Who sent it and how to reach them. */
export function ArtistDetails({ item }: { item: BoardItemDetail }) {
  const { artist } = item;
  const name = `${artist.firstName} ${artist.surname}`.trim();
  return (
    <InfoList>
      <InfoRow label="Artist name">
        {/* The artist's page gathers every submission and link of theirs. */}
        <Link component={RouterLink} to={`/artist/${item.artistId}`}>
          {item.artistName || 'Artist page'}
        </Link>
      </InfoRow>
      <InfoRow label="Name">{name}</InfoRow>
      <InfoRow label="E-mail">
        {artist.email ? <a href={`mailto:${artist.email}`}>{artist.email}</a> : ''}
      </InfoRow>
      <InfoRow label="Phone">
        {artist.phone ? <a href={`tel:${artist.phone.replace(/[^\d+]/g, '')}`}>{artist.phone}</a> : ''}
      </InfoRow>
      <InfoRow label="Location">{[artist.city, artist.country].filter(Boolean).join(', ')}</InfoRow>
      <InfoRow label="Spotify">
        {artist.spotifyProfile ? <ExternalLink href={artist.spotifyProfile} /> : ''}
      </InfoRow>
      <InfoRow label="Instagram">
        {artist.instagramProfile ? <ExternalLink href={artist.instagramProfile} /> : ''}
      </InfoRow>
      <InfoRow label="TikTok">
        {artist.tiktokProfile ? <ExternalLink href={artist.tiktokProfile} /> : ''}
      </InfoRow>
    </InfoList>
  );
}

/** The release plan as the artist set it in steps 2 and 3. */
export function ReleaseDetails({ item }: { item: BoardItemDetail }) {
  const newMusic = item.uploadType !== 'transfer';
  const singlesFirst = item.releaseStrategy === 'singles_first';
  const singles = item.tracks
    .filter((track) => track.releaseAsSingle)
    .sort((a, b) => (a.singleOrder ?? a.position) - (b.singleOrder ?? b.position));
  return (
    <InfoList>
      <InfoRow label="Submission">{formatUploadType(item.uploadType)}</InfoRow>
      {newMusic && (
        <>
          <InfoRow label="Release title">{releaseTitleOf(item)}</InfoRow>
          <InfoRow label="Type">{formatSubmissionType(item.uploadType, item.releaseType)}</InfoRow>
          <InfoRow label="Genre">{[item.primaryGenre, item.subGenre].filter(Boolean).join(' / ')}</InfoRow>
          <InfoRow label="Release strategy">
            {STRATEGY_LABELS[item.releaseStrategy] ?? item.releaseStrategy}
          </InfoRow>
          <InfoRow label={singlesFirst ? 'Full release date' : 'Release date'}>
            {formatBoardDate(item.releaseDate)}
          </InfoRow>
          {singles.length > 0 && (
            <InfoRow label="Singles">
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {singles.map((track) => (
                  <li key={track.position}>
                    {track.title}: {formatBoardDate(track.singleReleaseDate)}
                  </li>
                ))}
              </Box>
            </InfoRow>
          )}
          <InfoRow label="Early release">
            {item.earlyReleaseRequest
              ? `Requested${item.earlyReleaseReason ? `: ${item.earlyReleaseReason}` : ''}`
              : 'Not requested'}
          </InfoRow>
        </>
      )}
      {item.uploadType !== 'new-music' && <InfoRow label="Current distributor">{item.distributor}</InfoRow>}
      <InfoRow label="About the music">{item.bio}</InfoRow>
      <InfoRow label="For Fans Of">{item.influences}</InfoRow>
      <InfoRow label="PRO / PPL number">{item.proNumber}</InfoRow>
      <InfoRow label="Publishing administration">
        {item.publishingAdministrationInterest ? 'Interested' : 'Not interested'}
      </InfoRow>
    </InfoList>
  );
}

export function ArtworkDetails({ item }: { item: BoardItemDetail }) {
  const artwork = item.artwork;
  if (!artwork) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>No artwork was uploaded with this submission.</Typography>
    );
  }
  return (
    <ArtworkFile
      artwork={artwork}
      alt={`Artwork for ${releaseTitleOf(item)}`}
      downloadLabel={`Download artwork (${artwork.fileName})`}
      large
    />
  );
}
