import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** An artist profile the artist picked from the search or verified by its link (UI state only). */
export interface ConfirmedArtist {
  /** The profile URL as it stands in the form, so editing the URL no longer matches it. */
  url: string;
  name: string;
  image?: string | undefined;
}

interface ConnectedArtistCardProps {
  artist: ConfirmedArtist;
  /** 'Connected' after picking a search result, 'Verified' after checking a pasted link. */
  statusLabel: string;
  /** Shown as a link to the profile, when the URL is the service's canonical one. */
  profileHref?: string | undefined;
  onChange?: (() => void) | undefined;
}

export function ConnectedArtistCard({
  artist,
  statusLabel,
  profileHref,
  onChange,
}: ConnectedArtistCardProps) {
  return (
    <Card
      role="status"
      aria-label={`${statusLabel}: ${artist.name}`}
      sx={{ p: 2, borderColor: 'success.main', bgcolor: 'background.paper' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Avatar src={artist.image} alt="" sx={{ width: 56, height: 56 }}>
            <PersonIcon />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {artist.name}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.dark' }}>
              <CheckCircleIcon fontSize="small" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {statusLabel}
              </Typography>
            </Stack>
            {profileHref && (
              <Link href={profileHref} target="_blank" rel="noopener noreferrer" variant="body2">
                Open on Spotify
              </Link>
            )}
          </Box>
        </Stack>
        {onChange && (
          <Button variant="outlined" onClick={onChange}>
            Change
          </Button>
        )}
      </Stack>
    </Card>
  );
}
