import type { StaffSetting } from '../../shared/api';

/**
 * What staff call each setting; the key (the name the code reads) is shown small beside it. A
 * setting not listed here shows its key made readable (STATUS_TEXT → "Status text").
 */
export const SETTING_LABELS: Readonly<Record<string, string>> = {
  STATUS_TEXT: 'Status banner',
  COMPANY_NAME: 'Company name',
  COMPANY_ADDRESS: 'Company address',
  COMPANY_PHONE: 'Company telephone',
  COMPANY_EMAIL: 'Company e-mail',
  COMPANY_VAT_NUMBER: 'VAT registration number',
  VAT_RATE: 'VAT rate',
  INVOICE_PREFIX: 'Invoice number prefix',
  BANK_DETAILS: 'Bank details on invoices',
  CREDIT_HOLD_OVERDUE_DAYS: 'Credit hold: days overdue',
  STAFF_EMAIL: 'Staff notification e-mail',
  REGISTRATION_ROLE: 'Role of new registrations',
  ARTWORK_MAX_MB: 'Largest artwork upload',
  CUTOFF_TIME: 'Same-day cut-off time',
  PROOF_PRICE: 'Proof price (£)',
};

export function settingLabel(name: string): string {
  const known = SETTING_LABELS[name];
  if (known) return known;
  const words = name.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const settingLabelOf = (setting: Pick<StaffSetting, 'name'>): string => settingLabel(setting.name);
