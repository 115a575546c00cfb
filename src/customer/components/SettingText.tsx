import type { ElementType } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useSettingText } from '../api/settingHooks';

interface SettingTextProps {
  /** The setting's name, e.g. COMPANY_ADDRESS. */
  name: string;
  /** Render inside a Typography of this variant; without it the value is bare text. */
  variant?: TypographyProps['variant'];
  /** The Typography's element (only with variant), e.g. 'p' or 'span'. */
  component?: ElementType;
}

/** A setting's value as text; "Loading..." meanwhile; nothing (only a console entry) on failure. */
export function SettingText({ name, variant, component = 'span' }: SettingTextProps) {
  const text = useSettingText(name);
  if (text === null) return null;
  if (!variant) return <>{text}</>;
  return (
    <Typography variant={variant} component={component}>
      {text}
    </Typography>
  );
}
