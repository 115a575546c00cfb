import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/*
 * The e-mail address typed on one signed-out page, carried to the next (login → "Forgotten
 * password" and back) in the history entry's state: it survives Back and Forward, and never
 * appears in the address bar, the server's access log or a Referer header.
 */

/** The navigation state that carries `email` (none when it is blank). */
export function emailState(email: string): { email: string } | undefined {
  const trimmed = email.trim();
  return trimmed ? { email: trimmed } : undefined;
}

/** The carried address, read once when the page opens ('' when none came with the navigation). */
export function useCarriedEmail(): string {
  const { state } = useLocation();
  const [email] = useState(() => {
    const value = typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
    return typeof value === 'string' ? value.slice(0, 254) : '';
  });
  return email;
}
