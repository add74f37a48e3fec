import type { SliceType } from '../api/client';

/**
 * A proposal (from a brief or seeds) handed to the new-slice editor, to edit before saving. It is
 * kept in this tab's sessionStorage under an id the editor's URL names
 * (`#/collections/N/slices/new?proposal=<id>`), so a reload of the editor keeps it and closing the
 * tab forgets it; nothing of it reaches the service before Save.
 */
export interface Proposal {
  readonly name: string;
  readonly type: SliceType;
  readonly products: readonly string[];
}

const keyOf = (id: string) => `vitrine.proposal.${id}`;

/** Keeps the proposal and answers the id to open it by. */
export function propose(proposal: Proposal): string {
  // getRandomValues, not randomUUID: the builder may be served over plain HTTP, where only the former exists.
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(keyOf(id), JSON.stringify(proposal));
  return id;
}

/** The proposal kept under `id`, or undefined when this tab holds none (or not a valid one). */
export function readProposal(id: string): Proposal | undefined {
  const text = sessionStorage.getItem(keyOf(id));
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Proposal>;
    if (typeof value.name !== 'string' || typeof value.type !== 'string' || !Array.isArray(value.products)) return undefined;
    if (!value.products.every((p) => typeof p === 'string')) return undefined;
    return { name: value.name, type: value.type, products: value.products };
  } catch {
    return undefined;
  }
}
