import {
  buildBoardItemName,
  type CreateBoardItemPayload,
  hasTrackAudio,
  joinTransferUrls,
  type SubmissionVerification,
  submissionFormSchema,
} from '../../../../domain';
import type { SubmitFormValues } from '../../../forms/form-values';

/** The personal link a submission came through: the server checks it and links the two. */
export interface SubmissionLinkFields {
  invitationToken?: string;
  returningToken?: string;
}

/**
 * The create-item payload (spec 001 §7) from the form: only the tracks that hold audio (empty
 * slots are placeholders), no browser-only fields (parsing with the domain's schema drops them),
 * and the upload session that proves the files are this submission's.
 */
export function buildCreateItemPayload(
  values: SubmitFormValues,
  verification: SubmissionVerification,
  link: SubmissionLinkFields = {},
): CreateBoardItemPayload {
  const form = submissionFormSchema.parse({
    ...values,
    tracks: values.uploadType === 'transfer' ? [] : values.tracks.filter(hasTrackAudio),
    catalogueItems: values.uploadType === 'new-music' ? [] : values.catalogueItems,
  });
  const audioUrls = form.tracks.map((track) => track.url ?? '').filter(Boolean);
  return {
    itemName: buildBoardItemName(form.artistName, form.releaseTitle || 'Catalogue transfer'),
    formData: {
      ...form,
      ...link,
      uploadSessionId: values.uploadSessionId,
      ...(values.uploadType !== 'transfer' && values.artworkFileId
        ? { artworkFileId: values.artworkFileId }
        : {}),
    },
    additionalData: {
      audioUrls: audioUrls.join(','),
      imageUrls: values.uploadType !== 'transfer' && values.artwork ? values.artwork : '',
      transferUrls: joinTransferUrls(form.catalogueItems),
    },
    verification,
  };
}
