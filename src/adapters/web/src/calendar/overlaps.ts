import type { SliceSummary } from '../api/client';

/**
 * The live or coming slices a slice overlaps, when it is live or coming itself: the contract
 * advises against more than one active slice at a time (expired overlaps no longer matter).
 */
export function overlapsToFlag(slice: SliceSummary, slices: readonly SliceSummary[]): SliceSummary[] {
  if (slice.status === 'EXPIRED') return [];
  const byId = new Map(slices.map((s) => [s.id, s]));
  return slice.overlapsWith.map((id) => byId.get(id)).filter((s): s is SliceSummary => s !== undefined && s.status !== 'EXPIRED');
}
