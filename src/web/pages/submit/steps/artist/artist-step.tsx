import Stack from '@mui/material/Stack';
import { BasicInformationSection } from './basic-information-section';
import { LocationSection } from './location-section';
import { SocialMediaSection } from './social-media-section';
import { StreamingProfileSection } from './streaming-profile-section';

/**
 * Step 1, Artist Information (spec 001 §2): the sections in the spec's order. The wizard adds
 * Back / Next (or the waiting-list block) below.
 */
export function ArtistStep() {
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <BasicInformationSection />
      <StreamingProfileSection />
      <SocialMediaSection />
      <LocationSection />
    </Stack>
  );
}
