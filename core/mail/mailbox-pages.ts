import { escapeHtml, linkifyText } from './html';
import type { CaughtMail } from './mailbox';
import { formatIndianDateTime } from './templates';

/** Plain server-made pages (a developer's tool, not part of the web app): readable at 360 px, light and dark. */
const STYLES = `
:root { color-scheme: light dark; --bg: #f6f7f9; --fg: #1c2127; --muted: #5f6b7c; --card: #ffffff; --border: #c5cbd3; --link: #215db0; --on-link: #ffffff; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1c2127; --fg: #f6f7f9; --muted: #abb3bf; --card: #252a31; --border: #5f6b7c; --link: #8abbff; --on-link: #1c2127; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
header, main { max-width: 960px; margin: 0 auto; padding: 16px; }
main { padding-top: 0; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
h1 { font-size: 1.5rem; margin: 8px 0; overflow-wrap: anywhere; }
h2 { font-size: 1.125rem; margin: 24px 0 8px; }
.tag { display: inline-block; margin: 0; padding: 2px 8px; border-radius: 4px; background: #fbd065; color: #1c2127; font-size: 0.875rem; font-weight: 600; }
.intro, .hint, .meta { color: var(--muted); }
.filter { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.filter label { flex-basis: 100%; font-weight: 600; }
.filter input { flex: 1 1 200px; min-width: 0; padding: 8px; font: inherit; color: inherit; background: var(--card); border: 1px solid var(--border); border-radius: 4px; }
.filter button { padding: 8px 16px; font: inherit; font-weight: 600; color: var(--on-link); background: var(--link); border: 1px solid var(--link); border-radius: 4px; cursor: pointer; }
.messages { list-style: none; margin: 0; padding: 0; }
.messages li { margin: 0 0 8px; padding: 12px; background: var(--card); border: 1px solid var(--border); border-radius: 6px; }
.messages a { font-weight: 600; overflow-wrap: anywhere; }
.meta { margin: 4px 0 0; font-size: 0.875rem; overflow-wrap: anywhere; }
dl.meta div { display: grid; grid-template-columns: 5.5em 1fr; column-gap: 8px; }
dl.meta dt { font-weight: 600; }
dl.meta dd { min-width: 0; margin: 0; }
.links { padding-left: 20px; }
.links a { overflow-wrap: anywhere; }
pre.text { margin: 0; padding: 12px; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--card); border: 1px solid var(--border); border-radius: 6px; font: 0.875rem/1.5 ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; }
iframe { width: 100%; height: 520px; background: #ffffff; border: 1px solid var(--border); border-radius: 6px; }
`;

function page(title: string, header: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Development mailbox</title>
<style>${STYLES}</style>
</head>
<body>
<header>
<p class="tag">Development only</p>
${header}
</header>
<main>
${main}
</main>
</body>
</html>
`;
}

const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatIndianDateTime(new Date(iso)))}</time>`;
const subjectOf = (message: CaughtMail) => message.subject || '(no subject)';

/** The list, newest first, with a recipient filter. */
export function mailboxPage(messages: CaughtMail[], options: { basePath: string; to: string }): string {
  const home = `${options.basePath}/dev/mailbox`;
  const filter = `<form class="filter" method="get" action="${escapeHtml(home)}" role="search">
<label for="mailbox-to">Recipient</label>
<input id="mailbox-to" name="to" type="email" autocomplete="off" value="${escapeHtml(options.to)}">
<button type="submit">Show</button>
${options.to ? `<a href="${escapeHtml(home)}">Show every message</a>` : ''}
</form>`;
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}${options.to ? ` to ${options.to}` : ''}`;
  const list = messages.length
    ? `<ul class="messages" aria-labelledby="messages-heading">
${messages
  .map(
    (message) => `<li>
<a href="${escapeHtml(`${home}/${message.id}`)}">${escapeHtml(subjectOf(message))}</a>
<p class="meta">To ${escapeHtml(message.to)} · ${time(message.receivedAt)}</p>
</li>`,
  )
  .join('\n')}
</ul>`
    : '<p>No messages yet. Mail the app sends (sign-up verification, invitations, password resets) shows up here.</p>';
  return page(
    'Mailbox',
    `<h1>Mailbox</h1>
<p class="intro">Mail the app sent while no SMTP_URL is set, newest first. None of it left this machine.</p>`,
    `${filter}
<h2 id="messages-heading">${escapeHtml(count)}</h2>
${list}`,
  );
}

/** One message: its links, its text with every address clickable, and its HTML shown in a sandbox. */
export function messagePage(message: CaughtMail, options: { basePath: string }): string {
  // Only web addresses become links, whatever a message file says.
  const webLinks = message.links.filter((link) => /^https?:\/\//i.test(link));
  const links = webLinks.length
    ? `<ul class="links">${webLinks.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>`
    : '<p>This message has no links.</p>';
  // No sandbox permissions: the message's HTML runs no script, cannot reach this page and opens nothing.
  const html = message.html
    ? `<section aria-labelledby="html-heading">
<h2 id="html-heading">HTML version</h2>
<p class="hint">Shown as the recipient would see it, in a sandbox where its links do not open: use the links above.</p>
<iframe sandbox="" title="HTML version of the message" srcdoc="${escapeHtml(message.html)}"></iframe>
</section>`
    : '';
  return page(
    subjectOf(message),
    `<p><a href="${escapeHtml(`${options.basePath}/dev/mailbox`)}">Back to every message</a></p>
<h1>${escapeHtml(subjectOf(message))}</h1>
<dl class="meta">
<div><dt>From</dt><dd>${escapeHtml(message.from)}</dd></div>
<div><dt>To</dt><dd>${escapeHtml(message.to)}</dd></div>
<div><dt>Received</dt><dd>${time(message.receivedAt)}</dd></div>
</dl>`,
    `<section aria-labelledby="links-heading">
<h2 id="links-heading">Links</h2>
${links}
</section>
<section aria-labelledby="text-heading">
<h2 id="text-heading">Text</h2>
<pre class="text">${linkifyText(message.text)}</pre>
</section>
${html}`,
  );
}
