import type { ProfileIdentifiers } from '../../domain/profile/customer-profile.js';
import type { IdentifierKind } from '../../domain/profile/identifiers.js';

/**
 * Every key the hot reads are cached under, in one place. Keys hold normalised values only, so
 * every way of writing an identifier shares one entry.
 */

/** A profile lookup by its id or by one normalised identifier. */
export function profileCacheKey(kind: 'id' | IdentifierKind, normalisedValue: string): string {
  return `profile:${kind}:${normalisedValue}`;
}

/** Every key that can hold a profile's answer: by its id and by each of its identifiers. */
export function profileCacheKeys(userProfileId: string, identifiers: ProfileIdentifiers): string[] {
  return [
    profileCacheKey('id', userProfileId),
    ...identifiers.phones.map((v) => profileCacheKey('phone', v)),
    ...identifiers.emails.map((v) => profileCacheKey('email', v)),
    ...identifiers.documents.map((v) => profileCacheKey('document', v)),
  ];
}

/** What a collection shows now. */
export function activeSliceCacheKey(collectionId: number): string {
  return `active:${collectionId}`;
}

/** The token a secret hash stands for. */
export function tokenCacheKey(hash: string): string {
  return `token:${hash}`;
}

/** The families of keys, for metrics: what a key is about, never the identifier in it. */
const FAMILIES = ['profile', 'active', 'token'] as const;

/** The family of a key (its first part), found without building a new string for the known ones. */
export function cacheKeyFamily(key: string): string {
  for (const family of FAMILIES) {
    if (key.startsWith(family) && key.charCodeAt(family.length) === 58 /* ':' */) return family;
  }
  const end = key.indexOf(':');
  return end < 0 ? key : key.slice(0, end);
}
