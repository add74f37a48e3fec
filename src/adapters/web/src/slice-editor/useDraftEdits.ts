import { useCallback } from 'react';
import type { Product } from '../api/client';
import { useRememberProducts } from '../api/products';
import type { AddOutcome } from './CatalogSearch';
import { withAdded, type Draft } from './draft';
import { MAX_RULE_SIZE, withPins } from './rules';

/**
 * The editor's edits of its draft, each one undoable step that clears the save status: `change`
 * (a patch; the same function from render to render, so the grid's cards need not render again),
 * `add` (products found by the search, those the slice lacks, up to the limit) and `pin` (the
 * same, pinned at the first free positions of a RULES slice's rules).
 */
export function useDraftEdits(
  draft: Draft | undefined,
  edit: (patch: Partial<Draft>) => void,
  setStatus: (status: undefined) => void,
) {
  const remember = useRememberProducts();
  const change = useCallback(
    (patch: Partial<Draft>) => {
      edit(patch);
      setStatus(undefined);
    },
    [edit, setStatus],
  );
  const products = draft?.products;
  const add = useCallback(
    (found: readonly Product[]): AddOutcome => {
      remember(found);
      const outcome = withAdded(
        products ?? [],
        found.map((p) => p.id),
      );
      if (outcome.added > 0) change({ products: outcome.products });
      return outcome;
    },
    [products, remember, change],
  );
  const rules = draft?.rules;
  /** Products found by the search, pinned at the first free positions of a RULES slice. */
  const pin = useCallback(
    (found: readonly Product[]): AddOutcome => {
      remember(found);
      if (rules === undefined) return { added: 0, leftOut: found.length };
      const size = Number(rules.size);
      const outcome = withPins(
        rules.pins,
        found.map((p) => p.id),
        Number.isInteger(size) && size > 0 ? size : MAX_RULE_SIZE,
      );
      if (outcome.added > 0) change({ rules: { ...rules, pins: outcome.pins } });
      return outcome;
    },
    [rules, remember, change],
  );
  return { change, add, pin };
}
