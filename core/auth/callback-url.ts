/**
 * Only a same-origin destination is honoured after sign-in; anything else (another host, a protocol-relative
 * or backslash trick, a non-http scheme) falls back to the dashboard.
 */
export function safeCallbackUrl(candidate: unknown, publicUrl: string, fallback: string): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2000) return fallback;
  if (/^[/\\]{2}/.test(candidate) || candidate.includes('\\')) return fallback;
  const origin = new URL(publicUrl).origin;
  let parsed: URL;
  try {
    parsed = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (parsed.origin !== origin) return fallback;
  // Dot segments can collapse to a leading `//` (`/.//evil.example`), which a browser reads as another host.
  if (parsed.pathname.startsWith('//')) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
