import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import useAutocomplete from '@mui/material/useAutocomplete';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { type PopupPlacement, placePopupOnScreen } from './popup-placement';
import { TextInput, type TextInputProps } from './text-input';

type ComboBoxProps = Pick<TextInputProps, 'label' | 'required' | 'error' | 'helperText'> & {
  id: string;
  options: readonly string[];
  /** The chosen option; null for none. */
  value: string | null;
  onChange(value: string | null): void;
  /** The options shown for what is typed (the list is not filtered otherwise). */
  filterOptions(typed: string): string[];
  /** Shown in the popup when nothing matches (not with `freeSolo`: typed text counts there). */
  noOptionsText?: ReactNode;
  /** Typed text is a value of its own, not only a search of the options. */
  freeSolo?: boolean;
  inputValue?: string;
  onInputChange?(value: string): void;
  disabled?: boolean;
  /** Attributes for the element that holds the whole field (e.g. the wizard's field anchor). */
  rootProps?: Record<`data-${string}`, string>;
};

/**
 * A text input with a list of suggestions: MUI's `useAutocomplete` (the keyboard, focus and ARIA
 * combobox pattern of its Autocomplete) drawn with the form's own `TextInput` and a list under it.
 * MUI's Autocomplete component adds Popper (popper.js), a Portal and Chip to a page; the country
 * and city of the submit form's first step need none of them, and a phone loads and runs that
 * code before the step answers. The list opens below the field, inside the page's flow of layers,
 * so it scrolls with the page; near the bottom of the screen (a phone's keyboard up) it opens above
 * the field instead, as a native select does.
 */
export function ComboBox({
  id,
  label,
  required,
  error,
  helperText,
  options,
  value,
  onChange,
  filterOptions,
  noOptionsText,
  freeSolo = false,
  inputValue,
  onInputChange,
  disabled = false,
  rootProps,
}: ComboBoxProps) {
  const {
    getRootProps,
    getInputLabelProps,
    getInputProps,
    getPopupIndicatorProps,
    getListboxProps,
    getOptionProps,
    groupedOptions,
    popupOpen,
    anchorEl,
    setAnchorEl,
  } = useAutocomplete<string, false, false, boolean>({
    id,
    options: options as string[],
    value,
    onChange: (_event, next) => onChange(next),
    ...(inputValue !== undefined && { inputValue }),
    ...(onInputChange && { onInputChange: (_event: unknown, next: string) => onInputChange(next) }),
    filterOptions: (_options, state) => filterOptions(state.inputValue),
    freeSolo,
    autoHighlight: true,
    disabled,
    componentName: 'ComboBox',
  });
  const shown = groupedOptions as string[];
  const showPopup = popupOpen && (shown.length > 0 || !freeSolo);
  const placement = usePopupPlacement(showPopup ? anchorEl : null);
  return (
    <Box {...getRootProps(rootProps)} sx={{ position: 'relative', width: '100%' }}>
      <TextInput
        id={id}
        label={label}
        required={required}
        error={error}
        helperText={helperText}
        disabled={disabled}
        fullWidth
        slotProps={{
          inputLabel: getInputLabelProps(),
          // With its ref: the hook reads the input's value and caret through it.
          htmlInput: getInputProps(),
          input: {
            ref: setAnchorEl,
            sx: { pr: freeSolo ? undefined : '39px' },
            endAdornment: freeSolo ? undefined : (
              <IconButton
                // Not a tab stop: the input opens the list with the arrow keys.
                tabIndex={-1}
                onClick={getPopupIndicatorProps().onClick}
                disabled={disabled}
                aria-label={popupOpen ? 'Close' : 'Open'}
                title={popupOpen ? 'Close' : 'Open'}
                sx={{
                  position: 'absolute',
                  right: 9,
                  top: '50%',
                  p: 0.25,
                  transform: `translate(0, -50%)${popupOpen ? ' rotate(180deg)' : ''}`,
                }}
              >
                <ArrowDropDownIcon />
              </IconButton>
            ),
          },
        }}
      />
      {showPopup && anchorEl && (
        <Paper
          elevation={8}
          sx={{
            position: 'absolute',
            // Above the field, the list's bottom edge is kept 4 px over it whatever its height.
            ...(placement?.above
              ? { top: anchorEl.offsetTop - 4, transform: 'translateY(-100%)' }
              : { top: anchorEl.offsetTop + anchorEl.offsetHeight + 4 }),
            left: 0,
            right: 0,
            zIndex: 'modal',
            overflow: 'auto',
            maxHeight: placement ? placement.maxHeight : '40vh',
          }}
        >
          {shown.length === 0 ? (
            <Box
              sx={{ color: 'text.secondary', px: 2, py: 1.75 }}
              // Keeps the input focused when the message is pressed.
              onMouseDown={(event) => event.preventDefault()}
            >
              {noOptionsText}
            </Box>
          ) : (
            <Box
              component="ul"
              {...getListboxProps()}
              sx={{
                listStyle: 'none',
                m: 0,
                py: 1,
                px: 0,
                '& [role="option"]': {
                  minHeight: { xs: 48, sm: 'auto' },
                  display: 'flex',
                  alignItems: 'center',
                  px: 2,
                  py: 0.75,
                  cursor: 'pointer',
                },
                '& [role="option"].Mui-focused': { bgcolor: 'action.hover' },
                '& [role="option"][aria-selected="true"]': { bgcolor: 'action.selected' },
                '& [role="option"][aria-selected="true"].Mui-focused': { bgcolor: 'action.focus' },
              }}
            >
              {shown.map((option, index) => {
                const { key, ...optionProps } = getOptionProps({ option, index });
                return (
                  <li key={key} {...optionProps}>
                    {option}
                  </li>
                );
              })}
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}

/**
 * Where the list of `field` opens (`placePopup`), measured before the list is painted and again
 * as the page scrolls or the screen changes (a phone's keyboard opening); null while it is closed.
 */
function usePopupPlacement(field: HTMLElement | null): PopupPlacement | null {
  const [placement, setPlacement] = useState<PopupPlacement | null>(null);
  useLayoutEffect(() => {
    // Nothing to do while closed: the form's fields mount (and hydrate) without an update.
    if (!field) return;
    const place = () =>
      setPlacement((current) => {
        const next = placePopupOnScreen(field);
        return current?.above === next.above && current.maxHeight === next.maxHeight ? current : next;
      });
    place();
    const viewport = window.visualViewport;
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    viewport?.addEventListener('resize', place);
    viewport?.addEventListener('scroll', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      viewport?.removeEventListener('resize', place);
      viewport?.removeEventListener('scroll', place);
      setPlacement(null);
    };
  }, [field]);
  return placement;
}
