import type { ReactNode } from 'react';
import type { LabelledFieldProps } from '../forms/fieldProps';
import { FieldFrame, fieldParts } from './Field';

export interface SelectFieldProps extends LabelledFieldProps<HTMLSelectElement> {
  /** The <option> elements. */
  children: ReactNode;
}

/**
 * A native select in the outlined frame (MUI's NativeSelect): the keyboard types into it, phones
 * show their own picker. Its label always sits in the notch, as the select always shows a choice.
 */
export function SelectField({ children, ...props }: SelectFieldProps) {
  const { frame, control, rest: select } = fieldParts(props);
  return (
    <FieldFrame {...frame} filled>
      <select {...select} {...control} className="pj-input-el pj-select">
        {children}
      </select>
      <svg className="pj-select-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </FieldFrame>
  );
}
