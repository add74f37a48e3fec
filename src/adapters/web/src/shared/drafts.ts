import type { SliceType } from '../api/client';

/** A proposal (from a brief or seeds) handed to the new-slice editor, to edit before saving. */
export interface Proposal {
  readonly name: string;
  readonly type: SliceType;
  readonly products: readonly string[];
}

let pending: Proposal | undefined;

export function propose(proposal: Proposal): void {
  pending = proposal;
}

export function takeProposal(): Proposal | undefined {
  const proposal = pending;
  pending = undefined;
  return proposal;
}
