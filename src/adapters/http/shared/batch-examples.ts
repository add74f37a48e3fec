/** What a batch write may make of an item, as its answer counts them. */
export const WRITE_OUTCOMES = ['created', 'replaced', 'unchanged', 'invalid'] as const;

/**
 * A batch answer's example, for the API description: each item's outcome by its index and id,
 * then how many items had each outcome.
 */
export function batchAnswerExample<O extends string>(
  outcomes: readonly O[],
  items: readonly (readonly [id: string, outcome: O])[],
): Record<string, unknown> {
  return {
    results: items.map(([id, status], index) => ({ index, id, status })),
    ...Object.fromEntries(outcomes.map((outcome) => [outcome, items.filter(([, status]) => status === outcome).length])),
  };
}
