import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { OutlinedTextFieldProps } from '@mui/material/TextField';
import { useId } from 'react';

export interface TextInputSlotProps {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputBaseProps['inputProps'];
  inputLabel?: Partial<InputLabelProps>;
  formHelperText?: Partial<FormHelperTextProps>;
}

export type TextInputProps = Omit<
  OutlinedTextFieldProps,
  'select' | 'slots' | 'slotProps' | 'variant' | 'children' | 'classes'
> & { slotProps?: TextInputSlotProps };

/**
 * MUI's outlined TextField for text (no `select`), built from the same parts with the same markup
 * and class names, so it looks and reads the same. TextField itself carries every variant and the
 * Select with its Menu, Popover and Modal: on the submit form's first step, which has no select,
 * that was about 15 KB of script (brotli) a phone loaded and ran before the form answered.
 */
export function TextInput({
  autoComplete,
  autoFocus,
  className,
  color = 'primary',
  defaultValue,
  disabled = false,
  error = false,
  fullWidth = false,
  helperText,
  id: idProp,
  inputRef,
  label,
  maxRows,
  minRows,
  multiline = false,
  name,
  onBlur,
  onChange,
  onFocus,
  placeholder,
  required = false,
  rows,
  slotProps = {},
  type,
  value,
  ...root
}: TextInputProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl
      {...root}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        {...(slotProps.inputLabel?.shrink !== undefined && { notched: slotProps.inputLabel.shrink })}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
