import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractSignature } from '../../../domain';
import { formatDateTime } from '../sign/signing-summary';
import { DigitalSignature, signerLabel } from './digital-signature';

const intact: ContractSignature = {
  subject: 'Imprint document seal',
  organisation: 'Imprint',
  signedAt: '2026-11-21T09:30:05.000Z',
  timeSource: 'server-clock',
  intact: true,
  coversWholeFile: true,
};

const block = () => screen.getByRole('region', { name: 'Digital signature' });

describe('DigitalSignature', () => {
  it("names the signer and the time by the server's clock, and says the file is unchanged", () => {
    render(<DigitalSignature signature={intact} />);
    const section = block();
    expect(within(section).getByRole('heading', { level: 3, name: 'Digital signature' })).toBeTruthy();
    expect(within(section).getByText('Signed by Imprint document seal')).toBeTruthy();
    expect(section.textContent).toContain(`Time: ${formatDateTime(intact.signedAt)} (the server's clock)`);
    expect(section.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-21T09:30:05.000Z');
    expect(within(section).getByText('Unchanged since signing')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it("shows the timestamp authority's time when its token verifies, else the server's clock and why", () => {
    const timestamp = {
      at: '2026-11-21T09:30:06.250Z',
      authority: 'Imprint TSA stand-in, Imprint stand-ins',
    };
    const { rerender } = render(
      <DigitalSignature
        signature={{
          ...intact,
          timeSource: 'timestamp-authority',
          timestamp: { ...timestamp, verifies: true },
        }}
      />,
    );
    expect(block().textContent).toContain(
      `Time: ${formatDateTime(timestamp.at)} (trusted timestamp from ${timestamp.authority})`,
    );
    expect(block().textContent).not.toContain("server's clock");
    expect(block().querySelector('time')?.getAttribute('dateTime')).toBe(timestamp.at);
    expect(within(block()).queryByRole('alert')).toBeNull();

    rerender(<DigitalSignature signature={{ ...intact, timestamp: { ...timestamp, verifies: false } }} />);
    expect(block().textContent).toContain(`Time: ${formatDateTime(intact.signedAt)} (the server's clock)`);
    expect(block().textContent).not.toContain('trusted timestamp');
    expect(within(block()).getByRole('alert').textContent).toBe(
      `The signature's timestamp from ${timestamp.authority} does not verify, so no authority vouches for its time.`,
    );
  });

  it('warns when the file changed, was added to, or the signature cannot be read', () => {
    const { rerender } = render(<DigitalSignature signature={{ ...intact, intact: false }} />);
    expect(within(block()).getByRole('alert').textContent).toBe(
      'Changed since signing: the file no longer matches its digital signature.',
    );
    expect(within(block()).queryByText('Unchanged since signing')).toBeNull();

    rerender(<DigitalSignature signature={{ ...intact, coversWholeFile: false }} />);
    expect(within(block()).getByRole('alert').textContent).toMatch(/^Added to since signing: /);

    rerender(
      <DigitalSignature signature={{ timeSource: 'server-clock', intact: false, coversWholeFile: true }} />,
    );
    expect(block().textContent).not.toContain('Signed by');
    expect(within(block()).getByRole('alert').textContent).toMatch(/could not be read/);

    rerender(<DigitalSignature signature={undefined} />);
    expect(block().textContent).toContain('This PDF carries no digital signature');
  });

  it('adds the organisation when the name does not already say it', () => {
    expect(signerLabel({ subject: 'Imprint document seal', organisation: 'Imprint' })).toBe(
      'Imprint document seal',
    );
    expect(signerLabel({ subject: 'Jane Doe', organisation: 'Northern Records Ltd' })).toBe(
      'Jane Doe, Northern Records Ltd',
    );
    expect(signerLabel({ subject: 'Jane Doe' })).toBe('Jane Doe');
  });
});
