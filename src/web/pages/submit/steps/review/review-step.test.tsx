import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDefaultTrackMetadata } from '../../../../../domain';
import { renderInForm } from '../../../../test/render-form';
import { ReviewStep } from './review-step';

describe('the review step', () => {
  it('names the custom artwork of each track that has one', () => {
    const metadata = createDefaultTrackMetadata();
    renderInForm(<ReviewStep onEdit={() => {}} onSubmit={() => {}} submitting={false} />, {
      values: {
        tracks: [
          {
            id: 't1',
            title: 'Night Drive',
            url: '/files/a1',
            metadata,
            useCustomArtwork: true,
            customArtworkFileId: 'img-1',
            customArtworkFileName: 'night-drive.jpg',
          },
          { id: 't2', title: 'Low Tide', url: '/files/a2', metadata },
        ],
      },
    });
    const tracks = screen.getByText('Tracks').nextElementSibling;
    expect(tracks?.textContent).toBe('1. Night Drive · Custom artwork: night-drive.jpg2. Low Tide');
  });
});
