import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../../../domain';
import { PublicConfigContext } from '../../../config';
import { YourData } from './your-data';

describe('the profile’s Your data section', () => {
  it('offers the ZIP as a download and says where to ask for erasure', () => {
    render(
      <PublicConfigContext
        value={{
          ...defaultPublicConfig,
          labelName: 'Harbour Records',
          contactEmail: 'hello@harbour.example',
        }}
      >
        <YourData />
      </PublicConfigContext>,
    );
    const section = screen.getByRole('region', { name: 'Your data' });
    const download = within(section).getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/artist/data-export.zip');
    expect(download.hasAttribute('download')).toBe(true);
    expect(section.textContent).toContain('Download everything Harbour Records holds about you');
    expect(section.textContent).toContain('To have your data erased, write to privacy@harbour.example.');
    expect(within(section).getByRole('link', { name: 'privacy@harbour.example' }).getAttribute('href')).toBe(
      'mailto:privacy@harbour.example',
    );
  });
});
