/** An approval limit typed in pounds ("1500", "1,500.50") → pence; '' → null (none of their own); undefined when it is not a sum. */
export function penceOf(text: string): number | null | undefined {
  const cleaned = text.replace(/[£,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [pounds, pennies = ''] = cleaned.split('.');
  return Number(pounds) * 100 + Number(pennies.padEnd(2, '0'));
}

/** Pence → the pounds a field shows ("1500.00"); null → ''. */
export const poundsOf = (pence: number | null): string => (pence === null ? '' : (pence / 100).toFixed(2));

export const LIMIT_PROBLEM = 'Enter a sum in pounds, such as 1500 or 1500.50, or leave it empty';
