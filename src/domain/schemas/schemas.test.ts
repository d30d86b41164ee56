import { describe, expect, it } from 'vitest';
import { analyticsHoursQuerySchema } from './analytics';
import { catalogueItemSchema, createDefaultAlbumDetails } from './catalogue';
import { contractCreateRequestSchema, signatureRequestSchema } from './contract';
import {
  createDefaultArtistForm,
  createDefaultSubmissionForm,
  createDefaultTrackMetadata,
} from './form-defaults';
import { adminInvitationPayloadSchema } from './invitation';
import { submissionSchema } from './submission';
import { buildBoardItemName, submissionFormSchema } from './submission-form';
import { createBoardItemPayloadSchema } from './submission-payload';
import { trackMetadataSchema } from './track';
import { uploadResultSchema } from './upload';

const TODAY = '2026-03-10';

describe('form defaults', () => {
  const form = createDefaultSubmissionForm(TODAY, () => 'track-1');

  it.each([
    ['releaseType', 'single'],
    ['releaseDate', '2026-04-21'],
    ['submissionIntent', 'submit-music'],
    ['releaseStrategy', 'together'],
    ['uploadType', 'new-music'],
  ] as const)('%s defaults to %j', (field, value) => {
    expect(form[field]).toBe(value);
  });

  it('starts with one empty track whose parental advisory is "no"', () => {
    expect(form.tracks).toHaveLength(1);
    expect(form.tracks[0]?.metadata?.parentalAdvisory).toBe('no');
    expect(createDefaultTrackMetadata().parentalAdvisory).toBe('no');
    expect(createDefaultArtistForm().submissionIntent).toBe('submit-music');
  });

  it('is a payload the server accepts (browser-only fields are dropped)', () => {
    const parsed = submissionFormSchema.parse(form);
    expect(parsed).not.toHaveProperty('artworkFile');
    expect(parsed.tracks[0]).not.toHaveProperty('file');
    expect(trackMetadataSchema.parse(createDefaultTrackMetadata())).toEqual(createDefaultTrackMetadata());
  });

  it('names the board item "artist - release title"', () => {
    expect(buildBoardItemName(' Nova Lane ', 'First Light ')).toBe('Nova Lane - First Light');
    const payload = {
      itemName: 'Nova Lane - First Light',
      formData: {
        ...submissionFormSchema.parse(form),
        uploadSessionId: 'form-1234abcd',
        invitationToken: 'abc',
      },
      additionalData: { audioUrls: 'a,b' },
      verification: { formToken: 't', honeypot: {} },
    };
    expect(createBoardItemPayloadSchema.safeParse(payload).success).toBe(true);
    const { verification: _, ...unverified } = payload;
    // Left out, the verification is blank: the server's bot check then refuses it in
    // the spec's words. One of the wrong kind is still refused by the schema.
    expect(createBoardItemPayloadSchema.parse(unverified).verification).toEqual({
      formToken: '',
      honeypot: {},
    });
    expect(createBoardItemPayloadSchema.safeParse({ ...payload, verification: 'token' }).success).toBe(false);
  });
});

describe('API payload schemas', () => {
  it('accepts the admin invitation without a reason', () => {
    const payload = { artistName: 'Nova', firstName: 'Ada', surname: 'Lane', email: 'ada@example.com' };
    expect(adminInvitationPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('accepts only the three analytics windows', () => {
    expect(analyticsHoursQuerySchema.parse('168')).toBe(168);
    expect(analyticsHoursQuerySchema.safeParse('48').success).toBe(false);
  });

  it('checks the contract request e-mail with the form’s message', () => {
    const result = contractCreateRequestSchema.safeParse({
      artistId: 'a1',
      artistName: 'Nova',
      artistEmail: 'nope',
    });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it.each(['awaiting_signature', 'signed', 'declined', 'expired'])('knows signature status %s', (status) => {
    expect(signatureRequestSchema.safeParse({ id: 's1', status }).success).toBe(true);
  });

  it('tells album and track catalogue items apart', () => {
    const album = {
      id: 'c1',
      type: 'album',
      title: 'Old Record',
      artist: 'Nova',
      spotifyUrl: 'https://open.spotify.com/album/abc',
      details: createDefaultAlbumDetails(),
    };
    expect(catalogueItemSchema.parse(album).details).toEqual({ label: 'Unknown Label', tracks: [] });
    expect(catalogueItemSchema.safeParse({ ...album, type: 'playlist' }).success).toBe(false);
  });

  it('reads a submission with a canonical status', () => {
    const submission = {
      itemId: '42',
      releaseTitle: 'First Light',
      status: 'in_progress',
      mediaLinks: [],
      createdAt: '2026-03-01T10:00:00Z',
    };
    expect(submissionSchema.parse(submission).status).toBe('in_progress');
    expect(submissionSchema.safeParse({ ...submission, status: 'In Progress' }).success).toBe(false);
  });

  it('reads an upload result', () => {
    const result = { success: true, fileId: 'f1', fileType: 'track', uploadMethod: 'CLOUD_STORAGE_DIRECT' };
    expect(uploadResultSchema.parse(result)).toEqual(result);
  });
});
