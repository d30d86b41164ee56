import { PageHeader } from '../../components/page-header';

/** Staff view of one artist (spec 001 §2, /artist/:artistId). */
export function ArtistPage() {
  return (
    <PageHeader
      eyebrow="Staff"
      title="Artist"
      intro="Staff see an artist's profile and every submission they have made here."
    />
  );
}
