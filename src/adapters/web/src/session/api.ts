import { createApi, ok, type OwnToken } from '../api/client';

/** Who is signed in: the token asks `tokens/self` who it is. */
export async function whoIs(token: string, onUnauthorized: () => void): Promise<OwnToken> {
  const api = createApi(token, onUnauthorized);
  return ok(api.GET('/api/v1/admin/protected/tokens/self'));
}
