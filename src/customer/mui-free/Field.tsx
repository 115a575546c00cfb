import type { ReactNode } from 'react';
import type { FieldFrameState, LabelledFieldProps } from '../forms/fieldProps';
import './muiFree.css';

/** What a required field's label ends with: MUI's thin space and asterisk. */
const REQUIRED_MARK = '\u2009*';

export interface FieldFrameProps extends FieldFrameState {
  /** The label sits in the outline's notch (a value, or a control that always shows one). */
  filled: boolean;
  children: ReactNode;
}

/** The id of a field's helper text, for the control's aria-describedby. */
export const helperIdOf = (id: string, helperText: ReactNode) => (helperText ? `${id}-helper-text` : undefined);

/**
 * A MUI-free field's props, parted: what its frame shows, the attributes its control takes from the
 * field (id, state, and the helper text as its accessible description), and the control's own rest.
 */
export function fieldParts<Props extends FieldFrameState>({ id, label, helperText, error = false, required = false, disabled = false, ...rest }: Props) {
  return {
    frame: { id, label, helperText, error, required, disabled },
    control: { id, required, disabled, 'aria-invalid': error, 'aria-describedby': helperIdOf(id, helperText) },
    rest,
  };
}

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

export interface FieldProps extends LabelledFieldProps<HTMLInputElement> {
  type?: string;
}

/**
 * A labelled text field that looks and behaves as the MUI TextInput of the signed-in pages: the
 * form binding of useZodForm spreads onto it (`{...form.field('email')}`); an error sets
 * aria-invalid, and the helper text is the input's accessible description.
 */
export function Field(props: FieldProps) {
  const { frame, control, rest: input } = fieldParts(props);
  return (
    <FieldFrame {...frame} filled={input.value !== ''}>
      <input {...input} {...control} className="pj-input-el" />
    </FieldFrame>
  );
}
