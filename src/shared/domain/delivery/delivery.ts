/**
 * Delivery rules (DESIGN §2 "Delivery"): an order's weight, the weight band that prices it, and
 * which delivery types are offered for it.
 */

export const CARRIERS = ['royalmail', 'courier', 'collection'] as const;
export type Carrier = (typeof CARRIERS)[number];

export interface WeightBand {
  /** Grams: the band covers weights up to and including this. */
  weight_upto: number;
  /** Pence. */
  price: number;
}

export interface DeliveryTypeRule {
  id: number;
  active: boolean;
  large_item: boolean;
  country_ids: readonly number[];
  bands: readonly WeightBand[];
}

export interface ShipmentFacts {
  country_id: number;
  /** Grams. */
  weight: number;
  /** Whether any item is a large item. */
  has_large_item: boolean;
}

/**
 * Σ qty × the product's weight per item (grams, possibly fractional, as decimal text or a number),
 * rounded up to a whole gram: a parcel is never lighter than its contents.
 */
export function orderWeight(items: readonly { qty: number; weight: number | string }[]): number {
  // Milligrams keep three decimals of a gram exact without floats drifting.
  let milligrams = 0;
  for (const item of items) milligrams += item.qty * Math.round(Number(item.weight) * 1000);
  return Math.ceil(milligrams / 1000);
}

/** The band that prices `weight`: the one with the lowest weight_upto that covers it, or undefined. */
export function bandFor(bands: readonly WeightBand[], weight: number): WeightBand | undefined {
  let best: WeightBand | undefined;
  for (const band of bands) if (band.weight_upto >= weight && (!best || band.weight_upto < best.weight_upto)) best = band;
  return best;
}

/** Why a type is not offered for the shipment, or null when it is. */
export function whyNotOffered(type: DeliveryTypeRule, shipment: ShipmentFacts): string | null {
  if (!type.active) return 'This delivery service is not available';
  if (!type.country_ids.includes(shipment.country_id)) return 'This delivery service does not go to the delivery country';
  if (shipment.has_large_item && !type.large_item) return 'This order has a large item that this service does not carry';
  if (!bandFor(type.bands, shipment.weight)) return 'This order is too heavy for this service';
  return null;
}

/** The delivery cost of the shipment by this type (pence), or undefined when it is not offered. */
export function deliveryCost(type: DeliveryTypeRule, shipment: ShipmentFacts): number | undefined {
  return whyNotOffered(type, shipment) === null ? bandFor(type.bands, shipment.weight)?.price : undefined;
}
