import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agreementAuditLinks, releaseAuditLinks } from '../api/audit-exports';
import { theme } from '../theme';
import { AUDIT_DOWNLOAD_LABEL, AuditDownloadMenu } from './audit-download-menu';

const ID = '3f0c1c9e-5d43-4c7e-9a55-0d3c8f2b7a10';

describe('the audit trail download', () => {
  it('opens a menu of plain download links to the PDF and the JSON, and closes on a pick', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <AuditDownloadMenu links={releaseAuditLinks(ID)} />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: AUDIT_DOWNLOAD_LABEL });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: AUDIT_DOWNLOAD_LABEL });
    expect(button.getAttribute('aria-controls')).toBe(menu.closest('[id]')?.id);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['PDFTo read, print or file', `/api/board/items/${ID}/audit.pdf`],
      ['JSONEvery field, for other tools', `/api/board/items/${ID}/audit.json`],
    ]);
    for (const item of items) expect(item.hasAttribute('download')).toBe(true);
    // A link's own click would leave the page in jsdom; the menu closing is what is checked here.
    items[0]?.addEventListener('click', (event) => event.preventDefault());
    await user.click(items[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it("links an agreement's trail by its request id", () => {
    expect(agreementAuditLinks('a b')).toEqual({
      json: '/api/contracts/a%20b/audit.json',
      pdf: '/api/contracts/a%20b/audit.pdf',
    });
  });
});
