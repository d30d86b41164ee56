import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { TabList } from './tab-list';

const tabs = [
  { label: 'Dashboard', id: 'tab-a', panelId: 'panel-a' },
  { label: 'Contract Signing', id: 'tab-b', panelId: 'panel-b' },
];

function renderTabs(selected: number, onSelect = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <TabList tabs={tabs} selected={selected} onSelect={onSelect} label="Dashboard sections" />
    </ThemeProvider>,
  );
  return onSelect;
}

describe('the dashboard tabs', () => {
  it('are a tab list with the selected tab the only one in the tab order', () => {
    renderTabs(1);
    expect(screen.getByRole('tablist', { name: 'Dashboard sections' })).toBeTruthy();
    const [first, second] = screen.getAllByRole('tab');
    expect(first?.getAttribute('aria-selected')).toBe('false');
    expect(first?.getAttribute('tabindex')).toBe('-1');
    expect(first?.getAttribute('aria-controls')).toBe('panel-a');
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(second?.getAttribute('tabindex')).toBe('0');
    expect(second?.id).toBe('tab-b');
  });

  it('move focus with the arrow keys, Home and End, and select by click, Enter or Space', async () => {
    const user = userEvent.setup();
    const onSelect = renderTabs(0);
    const [first, second] = screen.getAllByRole('tab');
    first?.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(second);
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(onSelect).toHaveBeenLastCalledWith(0);
  });
});
