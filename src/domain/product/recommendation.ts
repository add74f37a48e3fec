/*
 * A recommendation id names one similar-products answer: `<serial>.<product>`, the product the
 * answer was for in base64url (UTF-8), after a serial unique to the answer. A click on a
 * recommendation (a `recommendation_click` event with the id) is attributed by any instance: the
 * id says which product's answer the click came from.
 */

/** The product whose answer a recommendation id names; undefined for an id Vitrine did not give. */
export function recommendedFor(id: string): string | undefined {
  const dot = id.lastIndexOf('.');
  if (dot <= 0 || dot === id.length - 1) return undefined;
  return fromBase64Url(id.slice(dot + 1));
}

/** The base64url form of a text's UTF-8 bytes, without padding. */
export function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
