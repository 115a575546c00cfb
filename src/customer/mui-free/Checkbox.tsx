import type { ChangeEvent } from 'react';
import './muiFree.css';

// MUI's CheckBoxOutlineBlank and CheckBox icons.
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED = 'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

export interface CheckboxProps {
  label: string;
  name?: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  /** Shown but not changeable here (the text beside it says why). */
  disabled?: boolean;
}

/** A checkbox with its label (MUI's FormControlLabel and Checkbox): a real input, drawn as MUI's icon. */
export function Checkbox({ label, checked, ...input }: CheckboxProps) {
  return (
    <label className="pj-check">
      <span className={checked ? 'pj-check-box pj-check-box--checked' : 'pj-check-box'}>
        <input {...input} type="checkbox" className="pj-check-input" checked={checked} />
        <svg className="pj-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d={checked ? CHECKED : BLANK} />
        </svg>
        <span className="pj-ripple" aria-hidden="true" />
      </span>
      <span className="pj-body1">{label}</span>
    </label>
  );
}
