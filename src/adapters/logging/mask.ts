/**
 * Masks for personal identifiers in log lines: enough is kept to tell two values apart while
 * reading a log (an e-mail's domain, the last two characters of a number), never the value.
 */

/** `ana.souza@example.com` → `a***@example.com`; `+55 (11) 98765-4321` → `+** (**) *****-**21`. */
export function maskIdentifier(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  let kept = 2;
  let masked = '';
  for (let i = value.length - 1; i >= 0; i--) {
    const char = value[i] ?? '';
    if (/[\p{L}\p{N}]/u.test(char)) masked = (kept-- > 0 ? char : '*') + masked;
    else masked = char + masked;
  }
  return masked;
}

/**
 * For a path no route matched, whose segments nobody has named: every segment that looks like an
 * e-mail address or holds a run of digits (a phone, a document) is masked.
 */
export function maskUnknownPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const decoded = decodeSegment(segment);
      return decoded.includes('@') || decoded.replace(/\D+/g, '').length >= 4 ? maskIdentifier(decoded) : segment;
    })
    .join('/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
