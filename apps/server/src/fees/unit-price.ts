import { DEFAULT_MICRO_LAMPORTS_PER_UNIT, MAX_MICRO_LAMPORTS_PER_UNIT } from '@fleet/core';

/**
 * The server's unit price as operations apply it: the configured micro-lamports per compute unit
 * (spec 2 §9's 5,000 when none is), held to 0 … `MAX_MICRO_LAMPORTS_PER_UNIT`.
 */
export function serverUnitPrice(configured: bigint | undefined): bigint {
  return withinLimit(configured ?? DEFAULT_MICRO_LAMPORTS_PER_UNIT);
}

/**
 * What a tenant's transactions bid per compute unit: the server's price, lowered to the tenant's
 * cap when it has one. Pure; either input outside 0 … limit is held to it first, so a stored
 * value the contract would refuse still cannot raise the bid.
 */
export function effectiveUnitPrice(serverPrice: bigint, tenantCap: bigint | null): bigint {
  const price = withinLimit(serverPrice);
  if (tenantCap === null) return price;
  const cap = withinLimit(tenantCap);
  return cap < price ? cap : price;
}

function withinLimit(price: bigint): bigint {
  if (price < 0n) return 0n;
  return price > MAX_MICRO_LAMPORTS_PER_UNIT ? MAX_MICRO_LAMPORTS_PER_UNIT : price;
}
