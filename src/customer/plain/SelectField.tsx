import type { ChangeEvent, ReactNode } from 'react';
import { FieldFrame, helperIdOf } from './Field';

export interface SelectFieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onFocus?: () => void;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** The <option> elements. */
  children: ReactNode;
}

/**
 * A native select in the outlined frame (MUI's NativeSelect): the keyboard types into it, phones
 * show their own picker. Its label always sits in the notch, as the select always shows a choice.
 */
export function SelectField({ id, label, helperText, error = false, required = false, disabled = false, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} helperText={helperText} error={error} required={required} disabled={disabled} filled>
      <select
        {...select}
        id={id}
        className="pj-input-el pj-select"
        required={required}
        disabled={disabled}
        aria-invalid={error}
        aria-describedby={helperIdOf(id, helperText)}
      >
        {children}
      </select>
      <svg className="pj-select-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </FieldFrame>
  );
}
