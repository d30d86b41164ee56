import AlbumIcon from '@mui/icons-material/Album';
import FlagIcon from '@mui/icons-material/Flag';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  getDisplayName,
  getProfileButtonLabel,
  normaliseProfileLink,
  PROFILE_LINK_RULES,
  type ProfileLinkField,
} from '../../../../domain';
import type { ArtistProfileData } from '../../../api/artist';
import { PictureAvatar } from '../../../components/picture-avatar';
import { StatusChip } from '../../../components/status-chip';
import { visuallyHidden } from '../../../components/visually-hidden';
import { CompletionBar } from '../common/completion-bar';

const LINK_ICONS: Record<ProfileLinkField, ReactNode> = {
  spotifyProfile: <LibraryMusicIcon fontSize="small" />,
  appleMusicProfile: <MusicNoteIcon fontSize="small" />,
  soundcloudProfile: <AlbumIcon fontSize="small" />,
  instagramProfile: <InstagramIcon fontSize="small" />,
  tiktokProfile: <MusicNoteIcon fontSize="small" />,
  website: <LanguageIcon fontSize="small" />,
};

export function formatSubmissionCount(count: number): string {
  return `${count} ${count === 1 ? 'submission' : 'submissions'}`;
}

/** The profile's links that are filled in, each as an https address (a bare 'instagram.com/x' included). */
export function profileLinks(profile: ArtistProfileData) {
  return PROFILE_LINK_RULES.flatMap((rule) => {
    const value = profile[rule.field]?.trim();
    if (!value) return [];
    return [{ field: rule.field, label: rule.label, value, href: normaliseProfileLink(value, []) }];
  });
}

function CardSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h3"
        variant="overline"
        sx={{ color: 'text.secondary', display: 'block' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** The profile card of the Dashboard tab: every field of spec 000 §2. */
export function ProfileCard({ profile }: { profile: ArtistProfileData }) {
  const nameId = useId();
  const name = getDisplayName(profile);
  const place = [profile.city, profile.country].filter((part) => part?.trim()).join(', ');
  const links = profileLinks(profile);
  const complete = profile.completion >= 100;

  return (
    <Card component="section" aria-labelledby={nameId}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, display: 'grid', gap: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <PictureAvatar
            src={profile.picture}
            alt={`Picture of ${name}`}
            name={name}
            size={80}
            sx={{ fontSize: '2rem', flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
            <Typography id={nameId} component="h2" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {profile.nationality?.trim() && (
              <InfoLine icon={<FlagIcon fontSize="small" />}>
                <Box component="span" sx={visuallyHidden}>
                  Nationality:{' '}
                </Box>
                {profile.nationality}
              </InfoLine>
            )}
            {place && (
              <InfoLine icon={<PlaceIcon fontSize="small" />}>
                <Box component="span" sx={visuallyHidden}>
                  Based in{' '}
                </Box>
                {place}
              </InfoLine>
            )}
          </Box>
        </Stack>

        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Chip label={formatSubmissionCount(profile.submissionCount)} size="small" variant="outlined" />
          {profile.status && <StatusChip status={profile.status} />}
        </Stack>

        <CompletionBar completion={profile.completion} />
        <Button
          component={RouterLink}
          to="/edit-profile"
          variant={complete ? 'outlined' : 'contained'}
          fullWidth
        >
          {getProfileButtonLabel(profile.completion)}
        </Button>

        {profile.biography?.trim() && (
          <CardSection title="Biography">
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {profile.biography}
            </Typography>
          </CardSection>
        )}

        {links.length > 0 && (
          <CardSection title="Links">
            <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {links.map((link) => (
                <Stack
                  component="li"
                  key={link.field}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center' }}
                >
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{ display: 'inline-flex', color: 'primary.main' }}
                  >
                    {LINK_ICONS[link.field]}
                  </Box>
                  {link.href ? (
                    <Link href={link.href} target="_blank" rel="noopener noreferrer" variant="body2">
                      {link.label}
                      <Box component="span" sx={visuallyHidden}>
                        {' '}
                        (opens in a new tab)
                      </Box>
                    </Link>
                  ) : (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {link.label}: {link.value}
                    </Typography>
                  )}
                </Stack>
              ))}
            </Stack>
          </CardSection>
        )}

        <Divider />
        <CardSection title="Account">
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </Typography>
        </CardSection>

        <CardSection title="Music Rights">
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              PPL ID
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {profile.pplId?.trim() || 'Not added'}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              PRS ID
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {profile.prsId?.trim() || 'Not added'}
            </Typography>
          </Box>
        </CardSection>
      </CardContent>
    </Card>
  );
}

/** The card's shape while the profile loads. */
export function ProfileCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, display: 'grid', gap: 2.5 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={80} height={80} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="70%" height={36} />
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="60%" />
          </Box>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Skeleton variant="rounded" width={110} height={24} />
          <Skeleton variant="rounded" width={64} height={24} />
        </Stack>
        <Box>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="rounded" height={8} />
        </Box>
        <Skeleton variant="rounded" height={36} />
        <Box>
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="80%" />
        </Box>
        {/* Links and account, as the card shows them: the space is kept, so the submissions below
            do not jump down when the profile arrives (no layout shift). */}
        <Box>
          <Skeleton variant="text" width="20%" />
          <Skeleton variant="text" width="35%" height={26} />
          <Skeleton variant="text" width="35%" height={26} />
          <Skeleton variant="text" width="35%" height={26} />
        </Box>
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2.5 }}>
          <Skeleton variant="text" width="25%" />
          <Skeleton variant="text" width="60%" />
        </Box>
      </CardContent>
    </Card>
  );
}
