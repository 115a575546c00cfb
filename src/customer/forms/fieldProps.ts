import type { ChangeEvent, ReactNode } from 'react';

/** A field's label and state: what its frame shows around the control. */
export interface FieldFrameState {
  id: string;
  /** The visible label; a required field gets " *" after it. */
  label: string;
  /** A message under the field: a hint, or (with error) what is wrong; the control's accessible description. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/**
 * What every labelled field of the customer app takes, MUI's (components/TextInput) and the
 * MUI-free ones (mui-free/Field, mui-free/SelectField) alike: the binding of useZodForm's `field()` spreads onto it.
 */
export interface LabelledFieldProps<Control extends HTMLElement> extends FieldFrameState {
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<Control>) => void;
  onFocus?: () => void;
  autoComplete?: string;
}
