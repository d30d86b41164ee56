import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type ArtistProfileSave,
  PROFILE_COMPLETION_WEIGHTS,
  PROFILE_LINK_RULES,
  PROFILE_TEXT_FIELDS,
  type ProfileLinkField,
  validateProfileUpdate,
} from '../../../../domain';
import type { ArtistProfileData } from '../../../api/artist';

/** Every field of spec 000 §3 the artist edits, as the form holds them (empty text for none). */
export const PROFILE_FORM_FIELDS = ['name', ...PROFILE_TEXT_FIELDS] as const;

export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];
export type ProfileFormValues = Record<ProfileFormField, string>;

export function isProfileFormField(field: string): field is ProfileFormField {
  return (PROFILE_FORM_FIELDS as readonly string[]).includes(field);
}

export const PROFILE_FIELD_LABELS: Record<ProfileFormField, string> = {
  name: 'Name',
  artistName: 'Artist name',
  nationality: 'Nationality',
  country: 'Country',
  city: 'City',
  biography: 'Biography',
  ...(Object.fromEntries(
    PROFILE_LINK_RULES.map((rule) => [
      rule.field,
      rule.field === 'website' ? rule.label : `${rule.label} profile`,
    ]),
  ) as Record<ProfileLinkField, string>),
  pplId: 'PPL ID',
  prsId: 'PRS ID',
};

export function toFormValues(profile: ArtistProfileData): ProfileFormValues {
  return Object.fromEntries(
    PROFILE_FORM_FIELDS.map((field) => [field, profile[field] ?? '']),
  ) as ProfileFormValues;
}

/** The PUT body: every field trimmed (an empty one clears it), and the picture only when it changed. */
export function toSavePayload(
  values: ProfileFormValues,
  pictureFileId: string | null | undefined,
): ArtistProfileSave {
  const payload: ArtistProfileSave = Object.fromEntries(
    PROFILE_FORM_FIELDS.map((field) => [field, values[field].trim()]),
  );
  if (pictureFileId !== undefined) payload.pictureFileId = pictureFileId;
  return payload;
}

/**
 * The domain's profile checks as react-hook-form's resolver. Validating on touch, the form shows
 * a field's message once the artist leaves it (and clears it as they correct it), and all of
 * them on Save; each message is about one field, so per-field errors say exactly what the
 * domain says.
 */
export const profileResolver: Resolver<ProfileFormValues> = async (values) => {
  const problems = validateProfileUpdate(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const problem of problems) {
    if (isProfileFormField(problem.field) && !errors[problem.field]) {
      errors[problem.field] = { type: 'validate', message: problem.message };
    }
  }
  return { values: {}, errors };
};

/** The weighted fields still empty, heaviest first: what would raise the score (spec 000 §5). */
export function missingForCompletion(
  values: ProfileFormValues,
): { field: ProfileFormField; weight: number }[] {
  return (Object.entries(PROFILE_COMPLETION_WEIGHTS) as [ProfileFormField, number][])
    .filter(([field]) => values[field].trim() === '')
    .map(([field, weight]) => ({ field, weight }))
    .sort((a, b) => b.weight - a.weight);
}
