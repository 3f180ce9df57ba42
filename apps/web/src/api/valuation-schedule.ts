/**
 * Spec 2 §4, §9: the valuation starts 4 s after the page loads, is stale after 60 s and is fetched
 * again every 120 s. The cards' valuation and the table's wallet values keep the same schedule.
 */
export const VALUATION_START_DELAY_MS = 4_000;
export const VALUATION_STALE_MS = 60_000;
export const VALUATION_REFETCH_MS = 120_000;
