import { useEffect, useState, type ElementType } from 'react';
import { isAxiosError } from 'axios';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { settingSchema } from '../api';
import { http } from '../http/client';

export interface SettingTextProps {
  /** The setting's name, e.g. STATUS_TEXT. */
  name: string;
  /** Render inside a Typography of this variant; without it the value is bare text. */
  variant?: TypographyProps['variant'];
  /** The Typography's element (only with variant), e.g. 'p' or 'span'. */
  component?: ElementType;
}

/** A loaded value, or null when loading failed; kept with its name so a new name reloads. */
interface Loaded {
  name: string;
  value: string | null;
}

/** A setting's value as text; "Loading..." meanwhile; nothing (only a console entry) on failure. */
export function SettingText({ name, variant, component = 'span' }: SettingTextProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    http
      .get<unknown>(`/api/settings/${encodeURIComponent(name)}`)
      .then(({ data }) => {
        if (current) setLoaded({ name, value: settingSchema.parse(data).value });
      })
      .catch((error: unknown) => {
        console.error(`Setting ${name} could not be loaded`, isAxiosError(error) ? (error.response?.data ?? error.message) : error);
        if (current) setLoaded({ name, value: null });
      });
    return () => {
      current = false;
    };
  }, [name]);

  const text = loaded?.name === name ? loaded.value : 'Loading...';
  if (text === null) return null;
  if (!variant) return <>{text}</>;
  return (
    <Typography variant={variant} component={component}>
      {text}
    </Typography>
  );
}
