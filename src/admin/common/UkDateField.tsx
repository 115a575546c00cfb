import { DateField } from 'react-admin';

/** A date as UK staff read it: 21/11/2026. */
export function UkDateField({ source, label }: { source: string; label?: string }) {
  return <DateField source={source} label={label} locales="en-GB" />;
}
