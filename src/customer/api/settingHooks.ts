import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { proofPricePence } from '../../shared/domain/pricing/proof';
import { companyEmailOf, companyPhoneOf, logSettingFailure, settingTextQuery, staffEmailOf, vatRateOf } from './settings';

/*
 * The settings' hooks, apart from settings.ts so that the signed-out layout can call the API
 * without loading react-query. They need the QueryProvider (signed-in and public layouts).
 */

/**
 * A public setting's value: "Loading..." meanwhile, null when it could not be loaded (the failure
 * is only logged, specification §7, §8: no error dialog either).
 */
export function useSettingText(name: string): string | null {
  const { data, error, isPending } = useQuery(settingTextQuery(name));
  useEffect(() => {
    if (error) logSettingFailure(name, error);
  }, [error, name]);
  if (isPending) return 'Loading...';
  return data ?? null;
}

/**
 * The STAFF_EMAIL setting when the printer has made it public; null otherwise (the server answers
 * 404 for settings that are not public, which is expected here, so no error dialog and no log).
 */
export function useStaffEmail(): string | null {
  const { data } = useQuery({ ...settingTextQuery('STAFF_EMAIL'), select: staffEmailOf });
  return data ?? null;
}

/**
 * A public setting that a page can do without: its value (trimmed) once it has arrived and is not
 * empty; null meanwhile, when it is not set, not public (404) or fails. No dialog and no log: a
 * missing optional setting is expected, and the page simply shows nothing in its place.
 */
function useOptionalSetting<T>(name: string, select: (value: string) => T | null): T | null {
  const { data } = useQuery({ ...settingTextQuery(name), select });
  return data ?? null;
}

/** How to reach the printer: the COMPANY_PHONE and COMPANY_EMAIL settings, each null when missing. */
export function useCompanyContact(): { phone: string | null; email: string | null } {
  return { phone: useOptionalSetting('COMPANY_PHONE', companyPhoneOf), email: useOptionalSetting('COMPANY_EMAIL', companyEmailOf) };
}

/** The VAT_RATE setting as decimal text ("20", "17.5"), or null when it cannot be read. */
export function useVatRate(): { rate: string | null; pending: boolean } {
  const { data, isPending } = useQuery({ ...settingTextQuery('VAT_RATE'), select: vatRateOf });
  return { rate: data ?? null, pending: isPending };
}

/** The settings the signed-in layout shows: the status banner, and the footer's address and contact. */
const DEFAULT_LAYOUT_SETTINGS = ['STATUS_TEXT', 'COMPANY_ADDRESS', 'COMPANY_PHONE', 'COMPANY_EMAIL'] as const;

/**
 * Started by the signed-in layout's loader, beside the layout's code: its settings arrive together
 * (not each after the first render, each with a render of its own). A failure stays in the cache
 * for the hooks above to report as they always did.
 */
export function prefetchDefaultLayoutSettings(): Promise<void> {
  return Promise.all(DEFAULT_LAYOUT_SETTINGS.map((name) => queryClient.prefetchQuery(settingTextQuery(name)))).then(() => undefined);
}

/**
 * What a proof costs (the PROOF_PRICE setting) in pence: 0 when free; null while it loads or when it
 * cannot be read (the create page then names no price, and the basket's item says what was charged).
 */
export function useProofPrice(): number | null {
  const { data } = useQuery({ ...settingTextQuery('PROOF_PRICE'), select: proofPricePence });
  return data ?? null;
}
