import type { ChangeEvent, ReactNode } from 'react';
import './plain.css';

/** What a required field's label ends with: MUI's thin space and asterisk. */
const REQUIRED_MARK = '\u2009*';

export interface FieldFrameProps {
  id: string;
  label: string;
  /** A hint, or (with error) what is wrong; the control's accessible description. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** The label sits in the outline's notch (a value, or a control that always shows one). */
  filled: boolean;
  children: ReactNode;
}

/** The id of a field's helper text, for the control's aria-describedby. */
export const helperIdOf = (id: string, helperText: ReactNode) => (helperText ? `${id}-helper-text` : undefined);

/**
 * The outlined frame of MUI's TextField without MUI: label (with " *" when required) that moves
 * into the outline's notch on focus or once there is a value, the outline, the helper text.
 */
export function FieldFrame({ id, label, helperText, error = false, required = false, disabled = false, filled, children }: FieldFrameProps) {
  const classes = ['pj-field', filled && 'pj-field--filled', error && 'pj-field--error', disabled && 'pj-field--disabled'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="pj-field-label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true">{REQUIRED_MARK}</span>}
      </label>
      <div className="pj-input">
        {children}
        <fieldset aria-hidden="true" className="pj-outline">
          <legend>
            <span>{required ? label + REQUIRED_MARK : label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p className="pj-helper" id={helperIdOf(id, helperText)}>
          {helperText}
        </p>
      )}
    </div>
  );
}

export interface FieldProps {
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  autoComplete?: string;
}

/**
 * A labelled text field that looks and behaves as the MUI TextInput of the signed-in pages: the
 * form binding of useZodForm spreads onto it (`{...form.field('email')}`); an error sets
 * aria-invalid, and the helper text is the input's accessible description.
 */
export function Field({ id, label, helperText, error = false, required = false, disabled = false, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} helperText={helperText} error={error} required={required} disabled={disabled} filled={input.value !== ''}>
      <input
        {...input}
        id={id}
        className="pj-input-el"
        required={required}
        disabled={disabled}
        aria-invalid={error}
        aria-describedby={helperIdOf(id, helperText)}
      />
    </FieldFrame>
  );
}
