import type { ReactNode } from 'react';
import type { Draft, Stored } from './draft';
import { RuleList } from './RuleList';
import { RulePins } from './RulePins';

/**
 * The editor's body for a RULES slice: its pins, the hand-made order when it is sorted by hand,
 * what its rules would hold now and what the saved ones hold, beside the catalog search (which pins
 * products, or adds them to the hand-made order).
 */
export function RuleSliceBody({
  collectionId,
  draft,
  stored,
  readOnly,
  change,
  products,
  search,
}: {
  collectionId: number;
  draft: Draft;
  stored: Stored | undefined;
  readOnly: boolean;
  change: (patch: Partial<Draft>) => void;
  /** The hand-made order's grid (shown for the manual sort). */
  products: ReactNode;
  search: ReactNode;
}) {
  return (
    <div className="editor-body">
      <div className="rule-body">
        <RulePins rules={draft.rules} readOnly={readOnly} onChange={(pins) => change({ rules: { ...draft.rules, pins } })} />
        {draft.rules.sort === 'manual' && products}
        <RuleList collectionId={collectionId} rules={draft.rules} order={draft.products} stored={stored} />
      </div>
      {search}
    </div>
  );
}
