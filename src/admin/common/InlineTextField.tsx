import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/** A small input inside a table row: no visible label (the column says it), named for screen readers, its error beneath. */
export function InlineTextField({
  label,
  value,
  error,
  inputMode,
  onChange,
  sx,
  autoFocus,
}: {
  label: string;
  value: string;
  error: string | undefined;
  inputMode: 'numeric' | 'decimal';
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
  /** Focus it when it appears (a row just added). */
  autoFocus?: boolean;
}) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={sx}
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { inputMode, 'aria-label': label } }}
    />
  );
}
