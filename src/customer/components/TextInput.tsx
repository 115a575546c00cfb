import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { LabelledFieldProps } from '../forms/fieldProps';

export interface TextInputProps extends LabelledFieldProps<HTMLInputElement | HTMLTextAreaElement> {
  type?: string;
  placeholder?: string;
  /** E.g. a search icon in front of the text. */
  startAdornment?: ReactNode;
  /** Space above and below, as TextField's margin: normal in forms, none inline. */
  margin?: 'none' | 'dense' | 'normal';
  /** Shown and sent but not editable here (its helper text says why). */
  readOnly?: boolean;
}

/**
 * A labelled outlined text field that looks and behaves as MUI's TextField (label, " *" for
 * required, aria-invalid, the helper text as the input's description) but is built from its
 * parts: TextField always brings Select, Menu, Popover and Modal along, a sixth of the login
 * page's download.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  margin = 'normal',
  startAdornment,
  ...input
}: TextInputProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin={margin} error={error} required={required} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} startAdornment={startAdornment} inputProps={{ 'aria-describedby': helperId }} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
