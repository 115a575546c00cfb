import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { telHref } from '../api/settings';
import { useCompanyContact } from '../api/settingHooks';

/**
 * The printer's telephone and e-mail (public settings COMPANY_PHONE, COMPANY_EMAIL) as links, one
 * line each. A setting that is missing (not seeded, not public, empty) leaves its line out; with
 * neither, nothing at all is rendered.
 */
export function ContactDetails({ color, variant = 'body2' }: { color?: 'inherit'; variant?: TypographyProps['variant'] }) {
  const { phone, email } = useCompanyContact();
  if (!phone && !email) return null;
  return (
    <>
      {phone && (
        <Typography variant={variant} data-testid="company-phone">
          Telephone:{' '}
          <Link href={telHref(phone)} color={color}>
            {phone}
          </Link>
        </Typography>
      )}
      {email && (
        <Typography variant={variant} data-testid="company-email">
          E-mail:{' '}
          <Link href={`mailto:${email}`} color={color}>
            {email}
          </Link>
        </Typography>
      )}
    </>
  );
}

/** Whether the printer has published a telephone number or an e-mail address (false while loading). */
export function useHasContact(): boolean {
  const { phone, email } = useCompanyContact();
  return Boolean(phone || email);
}
