import type { Carrier } from '../../shared/domain/delivery/delivery';

/** The carriers as staff read them, in the order they are offered. */
export const CARRIER_LABELS: Readonly<Record<Carrier, string>> = {
  royalmail: 'Royal Mail',
  courier: 'Courier',
  collection: 'Collection',
};

export const CARRIER_CHOICES = (Object.entries(CARRIER_LABELS) as Array<[Carrier, string]>).map(([id, name]) => ({ id, name }));

export const carrierLabel = (carrier: string): string => CARRIER_LABELS[carrier as Carrier] ?? carrier;

/** "1 working day", "0 working days (same day)". */
export const transitText = (days: number): string => (days === 0 ? 'Same day' : `${days} working day${days === 1 ? '' : 's'}`);
