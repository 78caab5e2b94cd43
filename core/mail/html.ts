/** Text made safe for HTML content and for double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Absolute http(s) addresses in plain text; a trailing full stop, comma or closing bracket belongs to the sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(URL_IN_TEXT) ?? [])];
}

/** Plain text as HTML with the http(s) addresses `linkable` accepts (every one unless told) as links; everything else escaped. */
export function linkifyText(text: string, linkable: (url: string) => boolean = () => true): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    if (!linkable(url)) continue;
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}
