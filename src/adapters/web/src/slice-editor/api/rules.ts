import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ok, type Schemas } from '../../api/client';
import { useSession } from '../../session/session';
import type { SliceRules } from '../rules';

export type RulePreview = Schemas['RulePreview'];

/**
 * What the rules would hold now (`POST .../slices/rules/preview`, which changes nothing), asked
 * again whenever the rules change; the last answer stays shown while the next is read.
 */
export function useRulePreview(collectionId: number, rules: SliceRules | undefined) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['rule-preview', collectionId, rules],
    queryFn: ({ signal }) =>
      ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/rules/preview', {
          params: { path: { id: collectionId } },
          body: { rules: rules! },
          signal,
        }),
      ),
    enabled: rules !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
