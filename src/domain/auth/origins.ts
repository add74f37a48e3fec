import type { ValidationIssue } from '../shared/errors.js';

/** The most web origins a publishable key lists (a shop's domains, its staging and local ones). */
export const MAX_ALLOWED_ORIGINS = 20;
const MAX_ORIGIN_LENGTH = 300;

/**
 * A web origin as browsers send it in the Origin header (RFC 6454): `http` or `https`, a host, a
 * port when it is not the scheme's default, and nothing else (no path, query, fragment or
 * credentials). Answers the origin in that serialisation (lower-case host, default port dropped),
 * or undefined when the text is not one.
 */
export function originOf(text: string): string | undefined {
  if (text.length > MAX_ORIGIN_LENGTH || !/^https?:\/\/[^/?#@\s]+\/?$/i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(url.hostname)) {
    return undefined;
  }
  return url.origin;
}

/** The origins of a publishable key, each checked: 1 to MAX_ALLOWED_ORIGINS origins, each as originOf reads it. */
export function allowedOriginsOf(
  texts: readonly string[],
  path: string,
): { origins: readonly string[]; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (texts.length === 0 || texts.length > MAX_ALLOWED_ORIGINS) {
    issues.push({ path, message: `must list 1 to ${MAX_ALLOWED_ORIGINS} web origins` });
  }
  const origins = new Set<string>();
  texts.forEach((text, i) => {
    const origin = originOf(text);
    if (origin === undefined) {
      issues.push({
        path: `${path}.${i}`,
        message:
          'must be a web origin: http(s)://host, with a port when not the default, and no path (https://loja.example.com.br)',
      });
    } else origins.add(origin);
  });
  return { origins: [...origins], issues };
}
