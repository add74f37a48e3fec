/** What a token may do. Reads and writes are separate so a storefront token can only read. */
export const SCOPES = [
  'profiles:read',
  'profiles:write',
  'products:read',
  'products:write',
  'collections:read',
  'collections:write',
  'tokens:manage',
  'events:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
