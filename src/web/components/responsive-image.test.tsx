import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { PictureAvatar } from './picture-avatar';
import { largestOf, ResponsiveImage, sizesOf } from './responsive-image';

const ids = ['0b8f6c1e-6a1d-4d38-9c53-3f6f1d2f0a11', '7a0f2d55-3c1b-4e0e-8f43-5b2a9c6d1e22'] as const;
const link = (id: string, variant?: string) =>
  `/files/${id}${variant ? `/${variant}` : ''}?disposition=inline&expires=1&signature=s`;

function mappingFor(requested: string[], widths = [80, 160]) {
  return Object.fromEntries(
    requested.map((id) => [
      id,
      {
        original: link(id),
        width: 3000,
        height: 3000,
        variants: widths.flatMap((width) =>
          (['avif', 'webp', 'jpeg'] as const).map((format) => ({
            format,
            width,
            height: width,
            url: link(id, `${format}-${width}`),
          })),
        ),
      },
    ]),
  );
}

function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => vi.restoreAllMocks());

describe('sizes', () => {
  it.each([
    [112, '112px'],
    [{ xs: 72, sm: 112, md: 112 }, '(min-width: 600px) 112px, 72px'],
    [{ xs: 160, md: 200 }, '(min-width: 900px) 200px, 160px'],
  ])('of %j is %s', (size, sizes) => {
    expect(sizesOf(size)).toBe(sizes);
  });

  it('uses the largest size for the width and height attributes', () => {
    expect(largestOf({ xs: 72, sm: 112 })).toBe(112);
  });
});

describe('ResponsiveImage', () => {
  it('shows an uploaded image as a picture: AVIF and WebP sources, JPEG img, sizes, width and height', async () => {
    const { requests } = mockApi((request) => ({
      status: 200,
      body: mappingFor(request.url.searchParams.get('ids')?.split(',') ?? []),
    }));
    const { container } = renderWithQueries(
      <>
        <ResponsiveImage
          src={link(ids[0])}
          alt="Artwork for Paper Planes"
          sizes="112px"
          width={112}
          height={112}
        />
        <ResponsiveImage
          src={link(ids[1])}
          alt="Artwork for Night Swim"
          sizes="112px"
          width={112}
          height={112}
        />
      </>,
    );
    // Until the mapping answers, the space is kept and nothing is fetched: not the original either.
    expect(screen.getByRole('img', { name: 'Artwork for Paper Planes' }).tagName).toBe('SPAN');
    expect(container.querySelector('img')).toBeNull();

    // The mapping is asked for after a short batching delay: on a busy machine that takes longer than
    // waitFor's default second.
    await waitFor(() => expect(container.querySelectorAll('picture')).toHaveLength(2), { timeout: 5000 });
    // Both images in one request.
    expect(requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`)).toEqual([
      `/files/optimized/image-mapping.json?ids=${encodeURIComponent([...ids].sort().join(','))}`,
    ]);
    const picture = container.querySelector('picture');
    const sources = [...(picture?.querySelectorAll('source') ?? [])].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    expect(sources).toEqual([
      {
        type: 'image/avif',
        srcset: `${link(ids[0], 'avif-80')} 80w, ${link(ids[0], 'avif-160')} 160w`,
        sizes: '112px',
      },
      {
        type: 'image/webp',
        srcset: `${link(ids[0], 'webp-80')} 80w, ${link(ids[0], 'webp-160')} 160w`,
        sizes: '112px',
      },
    ]);
    const img = screen.getByRole('img', { name: 'Artwork for Paper Planes' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toBe(link(ids[0], 'jpeg-160'));
    expect(img.getAttribute('srcset')).toBe(
      `${link(ids[0], 'jpeg-80')} 80w, ${link(ids[0], 'jpeg-160')} 160w`,
    );
    expect(img.getAttribute('sizes')).toBe('112px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['112', '112']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it("fetches the page's main image at once and first", async () => {
    mockApi(() => ({ status: 200, body: mappingFor([ids[0]]) }));
    renderWithQueries(
      <ResponsiveImage src={link(ids[0])} alt="Cover" sizes="200px" width={200} height={200} priority />,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'Cover' }).tagName).toBe('IMG'));
    const shown = screen.getByRole('img', { name: 'Cover' });
    expect(shown.getAttribute('loading')).toBe('eager');
    expect(shown.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the original when the mapping cannot be loaded or has no variants yet (spec 000 §7)', async () => {
    mockApi(() => ({ status: 500, body: { success: false, error: 'Internal error' } }));
    const { container } = renderWithQueries(
      <ResponsiveImage src={link(ids[0])} alt="Cover" sizes="112px" width={112} height={112} />,
    );
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(link(ids[0])));
    expect(container.querySelectorAll('source')).toHaveLength(0);

    vi.restoreAllMocks();
    mockApi(() => ({ status: 200, body: mappingFor([ids[1]], []) }));
    const second = renderWithQueries(
      <ResponsiveImage src={link(ids[1])} alt="New" sizes="112px" width={112} height={112} />,
    );
    await waitFor(() =>
      expect(second.container.querySelector('img')?.getAttribute('src')).toBe(link(ids[1])),
    );
  });

  it('shows any other address as it is, without asking for a mapping', () => {
    const { requests } = mockApi(() => ({ status: 404, body: {} }));
    renderWithQueries(
      <ResponsiveImage src="https://i.scdn.co/image/cover" alt="Cover" sizes="72px" width={72} height={72} />,
    );
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe(
      'https://i.scdn.co/image/cover',
    );
    expect(requests).toHaveLength(0);
  });

  it('shows its fallback when the image cannot be loaded', async () => {
    mockApi(() => ({ status: 200, body: mappingFor([ids[0]]) }));
    renderWithQueries(
      <ResponsiveImage
        src={link(ids[0])}
        alt="Cover"
        sizes="72px"
        width={72}
        height={72}
        fallback={<span>No artwork</span>}
      />,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'Cover' }).tagName).toBe('IMG'));
    fireEvent.error(screen.getByRole('img', { name: 'Cover' }));
    expect(screen.getByText('No artwork')).toBeTruthy();
  });
});

describe('PictureAvatar', () => {
  it('shows the picture through its variants, and the first letter without one', async () => {
    mockApi(() => ({ status: 200, body: mappingFor([ids[0]]) }));
    const { container } = renderWithQueries(
      <>
        <PictureAvatar src={link(ids[0])} alt="Picture of Maya Rivers" name="Maya Rivers" size={80} />
        <PictureAvatar src={null} alt="Picture of Sam" name="sam" size={32} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('picture')).not.toBeNull());
    const img = screen.getByRole('img', { name: 'Picture of Maya Rivers' });
    expect(img.getAttribute('sizes')).toBe('80px');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(screen.getByText('S')).toBeTruthy();
  });
});
