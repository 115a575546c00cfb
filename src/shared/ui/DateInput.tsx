import TextField, { type TextFieldProps } from '@mui/material/TextField';

type DateInputProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'error'> & {
  type: 'date' | 'month';
  /** `YYYY-MM-DD`, or `YYYY-MM` for a month; '' when empty. */
  value: string;
  onChange(value: string): void;
  /** The message beside the field, which marks it in error. */
  error?: string;
};

/**
 * The browser's own date or month picker with its label kept above (an empty date field shows
 * dd/mm/yyyy, which a floating label would cover) and its error message beside it.
 */
export function DateInput({ value, onChange, error, helperText, slotProps, ...props }: DateInputProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error ?? helperText}
      slotProps={{ ...slotProps, inputLabel: { shrink: true } }}
    />
  );
}
