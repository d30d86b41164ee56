import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { type KeyboardEvent, useRef } from 'react';
import { focusRing } from '../app-theme';

export interface TabItem {
  label: string;
  /** The tab's id. */
  id: string;
  /** The id of the panel it shows. */
  panelId: string;
}

/**
 * A tab list (WAI-ARIA tabs, activated by click, Enter or Space; the arrow keys, Home and End move
 * between tabs), used wherever the app has tabs. Not MUI's Tabs: those measure the page after
 * every render to place their indicator and render again, a long task while a phone takes over a
 * page the server rendered (the dashboard, the submit page's profile finder). Here the
 * selected tab's underline is CSS, and the server's markup is final.
 */
export function TabList({
  tabs,
  selected,
  onSelect,
  label,
  fullWidth = false,
  sx,
}: {
  tabs: TabItem[];
  selected: number;
  onSelect(index: number): void;
  label: string;
  /** Tabs share the list's width equally (MUI's `variant="fullWidth"`). */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <Box
      role="tablist"
      aria-label={label}
      sx={[{ display: 'flex', overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {tabs.map((tab, index) => {
        const isSelected = index === selected;
        return (
          <ButtonBase
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            role="tab"
            id={tab.id}
            aria-controls={tab.panelId}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              minHeight: 48,
              px: 2,
              py: 1.5,
              flexShrink: 0,
              flexGrow: fullWidth ? 1 : 0,
              flexBasis: fullWidth ? 0 : 'auto',
              typography: 'button',
              lineHeight: 1.25,
              color: isSelected ? 'primary.main' : 'text.secondary',
              // The selected tab's underline, where MUI's indicator would be.
              boxShadow: isSelected ? (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` : 'none',
              '&:hover': { color: isSelected ? 'primary.main' : 'text.primary' },
              // ButtonBase draws no focus of its own: the app's ring, inside the list's edges.
              '&.Mui-focusVisible': { ...focusRing['&.Mui-focusVisible'], outlineOffset: -3 },
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
