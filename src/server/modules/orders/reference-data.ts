import { DEFAULT_CUTOFF } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { DEFAULT_PROOF_PRICE, proofPriceOf } from '../../../shared/domain/pricing/proof';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { SESSION_CACHE_TTL_MS } from '../accounts/sessions';
import type { DeliveryService } from '../delivery/service';
import type { SettingsService } from '../settings/service';
import type { BasketContext } from './assessment';
import { readTogether } from '../../lib/read-together';

const CUTOFF = /^([01]\d|2[0-3]):[0-5]\d$/;
/** How long the delivery services, closed days and settings are kept (as long as a resolved session). */
const REFERENCE_TTL_MS = SESSION_CACHE_TTL_MS;

/** What every order is judged and shown with: delivery services, closed days, cut-off, VAT rate, proof price, country names. */
export type ReferenceData = Omit<BasketContext, 'quoter' | 'now'> & { countryNames: ReadonlyMap<number, string> };

/**
 * The delivery services, closed days, cut-off, VAT rate and proof price every basket is judged by: read in one
 * go and kept for a second (a staff change forgets them at once), so that pricing a basket or
 * confirming fifty at once does not read the same reference rows again and again. A new UK day
 * reads them again (the closed days are counted from today).
 */
export class ReferenceDataCache {
  private kept: { value: Promise<ReferenceData>; until: number; day: string } | null = null;

  constructor(private readonly deps: { db: Db; delivery: DeliveryService; settings: SettingsService }) {}

  read(now: Date): Promise<ReferenceData> {
    const day = ukToday(now);
    const kept = this.kept;
    if (kept && kept.until > now.getTime() && kept.day === day) return kept.value;
    const value = this.load(day);
    const entry = { value, until: now.getTime() + REFERENCE_TTL_MS, day };
    this.kept = entry;
    value.catch(() => {
      if (this.kept === entry) this.kept = null;
    });
    return value;
  }

  /** Forgets what is kept (after a staff change to delivery, closed days or settings). */
  forget(): void {
    this.kept = null;
  }

  private async load(day: string): Promise<ReferenceData> {
    const { db, delivery, settings } = this.deps;
    const [types, closed, cutoff, vatRate, proofPrice, names] = await readTogether(db, [
      () => delivery.activeTypes(),
      () => delivery.closedDaysFrom(day),
      () => settings.value('CUTOFF_TIME', DEFAULT_CUTOFF),
      () => settings.value('VAT_RATE', '20'),
      () => settings.value('PROOF_PRICE', DEFAULT_PROOF_PRICE),
      () => db.select({ id: countries.id, name: countries.name }).from(countries),
    ] as const);
    const countryNames = new Map(names.map((c) => [c.id, c.name]));
    return {
      deliveryTypes: types,
      closed,
      cutoff: CUTOFF.test(cutoff.trim()) ? cutoff.trim() : DEFAULT_CUTOFF,
      vatRate,
      proofPrice: proofPriceOf(proofPrice),
      countryNames,
    };
  }
}
