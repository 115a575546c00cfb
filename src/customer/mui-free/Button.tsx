import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Spinner } from '../../shared/ui/Spinner';
import './muiFree.css';

export interface ButtonLook {
  variant?: 'contained' | 'outlined';
  size?: 'medium' | 'large';
  fullWidth?: boolean;
}

/** The classes of MUI's Button (no elevation, the theme's focus ring) for the given look. */
export function buttonClass({ variant = 'contained', size = 'medium', fullWidth = false }: ButtonLook, extra?: string): string {
  return ['pj-button', `pj-button--${variant}`, size === 'large' && 'pj-button--large', fullWidth && 'pj-button--full', extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonLook {
  type?: 'button' | 'submit';
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** Where the keyboard-focus ripple of MUI's buttons is drawn (muiFree.css). */
const Ripple = () => <span className="pj-ripple" aria-hidden="true" />;

export function Button({ type = 'button', disabled, onClick, children, ...look }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(look)} disabled={disabled} onClick={onClick}>
      {children}
      <Ripple />
    </button>
  );
}

/**
 * A link that looks like a button: a router link with `to`, or with `href` a full page load (the
 * error layout's way home, for when the router itself is what failed).
 */
export function ButtonLink({
  to,
  href,
  children,
  ...look
}: ButtonLook & ({ to: string; href?: never } | { href: string; to?: never }) & { children: ReactNode }) {
  if (to !== undefined) {
    return (
      <RouterLink to={to} className={buttonClass(look)}>
        {children}
        <Ripple />
      </RouterLink>
    );
  }
  return (
    <a href={href} className={buttonClass(look)}>
      {children}
      <Ripple />
    </a>
  );
}

/**
 * The form's submit button: large, with a spinner and marked busy (aria-disabled) while the form is
 * being sent. Not disabled, which would drop the keyboard focus to the page: a second press, or
 * Enter in a field, is cancelled instead.
 */
export function SubmitButton({ submitting, children, fullWidth }: { submitting: boolean; children: ReactNode; fullWidth?: boolean }) {
  return (
    <button
      type="submit"
      className={buttonClass({ size: 'large', fullWidth }, 'pj-button--submit')}
      aria-disabled={submitting || undefined}
      onClick={(event) => {
        if (submitting) event.preventDefault();
      }}
    >
      {submitting && (
        <span className="pj-button-icon">
          <Spinner size={18} />
        </span>
      )}
      {children}
      <Ripple />
    </button>
  );
}
