import { useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { http } from '../http/client';

/** A loaded value, or null when loading failed; kept with its name so a new name reloads. */
interface Loaded {
  name: string;
  value: string | null;
}

/** The value of an answer `{ name, value }` (checked by hand: zod stays out of the first page load). */
function settingValue(data: unknown): string {
  const value = typeof data === 'object' && data !== null ? (data as { value?: unknown }).value : undefined;
  if (typeof value !== 'string') throw new TypeError('The answer is not a setting');
  return value;
}

/**
 * A public setting's value: "Loading..." meanwhile, null when it could not be loaded (the failure
 * is only logged, specification §7, §8: no error dialog either). Free of MUI, so the signed-out
 * pages can show settings without loading it; SettingText is this in a Typography.
 */
export function useSettingText(name: string): string | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    http
      .get<unknown>(`/api/settings/${encodeURIComponent(name)}`, { skipErrorDialogs: true })
      .then(({ data }) => {
        if (current) setLoaded({ name, value: settingValue(data) });
      })
      .catch((error: unknown) => {
        console.error(`Setting ${name} could not be loaded`, isAxiosError(error) ? (error.response?.data ?? error.message) : error);
        if (current) setLoaded({ name, value: null });
      });
    return () => {
      current = false;
    };
  }, [name]);

  return loaded?.name === name ? loaded.value : 'Loading...';
}

/** A setting's value as bare text ("Loading..." meanwhile, nothing on failure), without MUI. */
export function SettingValue({ name }: { name: string }) {
  return useSettingText(name);
}
