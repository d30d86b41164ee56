import { PageHeader } from '../../components/page-header';

/** The artist's profile form (spec 000 §2). */
export function EditProfilePage() {
  return (
    <PageHeader
      eyebrow="Artists"
      title="Edit profile"
      intro="Keep your artist profile up to date here: picture, biography, location, links and music rights ids."
    />
  );
}
