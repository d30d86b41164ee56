import Stack from '@mui/material/Stack';
import { memo } from 'react';
import { BasicInformationSection } from './basic-information-section';
import { LocationSection } from './location-section';
import { SocialMediaSection } from './social-media-section';
import { StreamingProfileSection } from './streaming-profile-section';

/**
 * Step 1, Artist Information (spec 001 §2): the sections in the spec's order. The wizard adds
 * Back / Next below, the waiting-list form its own block. Memoised: the forms around it render
 * again for their own state (react-hook-form's as it mounts, a failed step), which its fields read
 * from the forms' contexts, not from here; on a prerendered page that render would
 * otherwise take the whole step with it, in one long task.
 */
export const ArtistStep = memo(function ArtistStep({
  socialProfilesRequired = true,
}: {
  /** The waiting list does not ask for the social profiles (spec 001 §5), so it does not mark them required. */
  socialProfilesRequired?: boolean;
}) {
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <BasicInformationSection />
      <StreamingProfileSection />
      <SocialMediaSection profilesRequired={socialProfilesRequired} />
      <LocationSection />
    </Stack>
  );
});
