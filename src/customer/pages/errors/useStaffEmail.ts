import { useEffect, useState } from 'react';
import { settingSchema } from '../../../shared/api/settings';
import { http } from '../../../shared/http';

/**
 * The STAFF_EMAIL setting when the printer has made it public; null otherwise (the server answers
 * 404 for settings that are not public, which is expected here, so no error dialog and no log).
 */
export function useStaffEmail(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    http
      .get<unknown>('/api/settings/STAFF_EMAIL', { skipErrorDialogs: true })
      .then(({ data }) => {
        const value = settingSchema.parse(data).value.trim();
        if (current && value.includes('@')) setEmail(value);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return email;
}
