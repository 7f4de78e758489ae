import { escapeHtml } from '../../lib/html.ts';
import type { Legacy } from './collect-legacy.ts';

// Every user-written value goes through escapeHtml.

/** A relative link to a file in the archive (each segment percent-encoded). */
export const hrefOf = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const link = (path: string, text: string) => `<a href="${escapeHtml(hrefOf(path))}">${escapeHtml(text)}</a>`;
const when = (d: Date | string | null | undefined) => (d ? escapeHtml(d instanceof Date ? d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : d) : '—');

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1c1917;max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.8rem}h2{margin-top:2.5rem;border-bottom:1px solid #d6d3d1}h3{margin-bottom:.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e7e5e4;vertical-align:top}
.muted{color:#57534e}.note{background:#fef3c7;padding:.75rem 1rem;border-radius:.5rem}pre{white-space:pre-wrap;font:inherit}`;

function table(headers: string[], rows: string[][]): string {
  if (!rows.length) return '<p class="muted">None.</p>';
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')}</tbody></table>`;
}

/**
 * index.html: opens offline in any browser, needs no script (and a CSP forbids any), lists
 * everything in the archive and links to every file. Streamed section by section.
 */
export function* renderIndexHtml(legacy: Legacy, meta: { ownerName: string; createdAt: Date; auditEntries: number }): Generator<string> {
  yield `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Legacy of ${escapeHtml(meta.ownerName)}</title><style>${STYLE}</style></head><body><main>
<h1>Legacy of ${escapeHtml(meta.ownerName)}</h1>
<p class="muted">Exported ${when(meta.createdAt)}. The files are in the folders beside this page; the data files in <code>data/</code> hold every detail as JSON.</p>
<nav aria-label="Sections"><ul>${['Memories', 'Documents', 'Digital assets', 'Beneficiaries', 'Tasks', 'Appointments', 'Future messages', 'Audit log']
    .map((s) => `<li><a href="#${s.toLowerCase().replace(/ /g, '-')}">${s}</a></li>`)
    .join('')}</ul></nav>\n`;

  yield `<h2 id="memories">Memories (${legacy.memories.length})</h2>\n`;
  if (!legacy.memories.length) yield '<p class="muted">None.</p>';
  for (const m of legacy.memories) {
    const items = m.media
      .map((item) => {
        if (item.kind === 'story') return `<li>Story: <strong>${escapeHtml(item.title)}</strong><pre>${escapeHtml(item.content)}</pre></li>`;
        return `<li>${escapeHtml(item.kind)}: ${item.path ? link(item.path, item.fileName ?? item.path) : '<span class="muted">file missing</span>'}</li>`;
      })
      .join('');
    const notes = m.notes.map((n) => `<li>${escapeHtml(n.text)} <span class="muted">(${when(n.createdAt)})</span></li>`).join('');
    yield `<section aria-label="${escapeHtml(m.title)}"><h3>${escapeHtml(m.title)}</h3><p class="muted">${escapeHtml(m.date)}</p><pre>${escapeHtml(m.description)}</pre>${items ? `<ul>${items}</ul>` : ''}${notes ? `<p>Notes:</p><ul>${notes}</ul>` : ''}</section>\n`;
  }

  yield `<h2 id="documents">Documents (${legacy.documents.length})</h2>\n`;
  yield table(
    ['Title', 'Folder', 'Type', 'File'],
    legacy.documents.map((d) => [
      escapeHtml(d.title),
      escapeHtml(d.folder ?? 'Unfiled'),
      escapeHtml(d.type),
      [link(d.path, d.fileName), ...d.earlierVersions.map((v) => `${link(v.path, v.fileName)} (version ${v.version})`)].join('<br>'),
    ]),
  );

  yield `<h2 id="digital-assets">Digital assets (${legacy.digitalAssets.length})</h2>\n`;
  yield legacy.includeSecrets
    ? '<p class="note">This archive includes passwords and other secrets. Keep it somewhere safe.</p>'
    : '<p class="note">Passwords and other secrets were left out of this archive: include them by entering your password when you ask for an export.</p>';
  yield table(
    ['Name', 'Platform', 'Username', 'Address', 'Secrets'],
    legacy.digitalAssets.map((a) => [
      escapeHtml(a.name),
      escapeHtml(a.platform),
      escapeHtml(a.username),
      escapeHtml(a.url),
      a.secrets
        ? Object.entries(a.secrets)
            .filter(([, v]) => v)
            .map(([k, v]) => `${escapeHtml(k)}: <pre>${escapeHtml(v)}</pre>`)
            .join('') || '—'
        : a.hasSecrets
          ? '<span class="muted">left out</span>'
          : '—',
    ]),
  );

  yield `<h2 id="beneficiaries">Beneficiaries (${legacy.beneficiaries.length})</h2>\n`;
  yield table(
    ['Name', 'Relationship', 'Email', 'Phone'],
    legacy.beneficiaries.map((b) => [escapeHtml(`${b.firstName} ${b.lastName}`), escapeHtml(b.relationship), escapeHtml(b.email), escapeHtml(b.phone)]),
  );

  yield `<h2 id="tasks">Tasks (${legacy.tasks.length})</h2>\n`;
  yield table(
    ['Task', 'Status', 'Priority', 'Due'],
    legacy.tasks.map((t) => [escapeHtml(t.title), escapeHtml(t.status), escapeHtml(t.priority), escapeHtml(t.dueDate ?? '—')]),
  );

  yield `<h2 id="appointments">Appointments (${legacy.appointments.length})</h2>\n`;
  yield table(
    ['When', 'Type', 'With', 'Status'],
    legacy.appointments.map((a) => [when(a.startsAt), escapeHtml(a.type), escapeHtml(a.attendeeName), escapeHtml(a.status)]),
  );

  yield `<h2 id="future-messages">Future messages (${legacy.futureMessages.length})</h2>\n`;
  if (!legacy.futureMessages.length) yield '<p class="muted">None.</p>';
  for (const f of legacy.futureMessages) {
    yield `<section aria-label="${escapeHtml(f.subject)}"><h3>${escapeHtml(f.subject)}</h3><p class="muted">To ${escapeHtml(f.recipientName ?? 'a removed recipient')} · ${escapeHtml(f.status)} · ${when(f.dueAt)}</p><pre>${escapeHtml(f.body)}</pre></section>\n`;
  }

  yield `<h2 id="audit-log">Audit log</h2>\n<p>${meta.auditEntries} entries in ${link('data/audit-log.json', 'data/audit-log.json')}.</p>\n</main></body></html>\n`;
}
