import { useCallback } from 'react';
import type { Product } from '../api/client';
import { useRememberProducts } from '../api/products';
import type { AddOutcome } from './CatalogSearch';
import { withAdded, type Draft } from './draft';

/**
 * The editor's edits of its draft, each one undoable step that clears the save status: `change`
 * (a patch; the same function from render to render, so the grid's cards need not render again)
 * and `add` (products found by the search, those the slice lacks, up to the limit).
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
  return { change, add };
}
