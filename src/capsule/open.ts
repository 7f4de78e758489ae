/**
 * open.html's code (ADR 0098, docs/sealed-release.md): reads a Legacy Capsule chosen from disk,
 * checks every item against the manifest, takes M kits (typed or as a photo of their QR code),
 * rebuilds the key in this page, opens the items and lets the family save them. No network: the
 * page's Content-Security-Policy allows none.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { CAPSULE_FORMAT, MANIFEST_PATH, type CapsuleManifest } from '../core/seal/capsule-format.ts';
import { bytesToHex, decodeKit, KitError, type Kit } from '../core/seal/kit-codec.ts';
import { KIT_PROBLEM_WORDS } from '../core/seal/kit-words.ts';
import { openSeal, OpenSealError } from '../core/seal/seal-keys.ts';
import { openBytes } from '../core/seal/sealed-content.ts';
import { readQrFromImage } from '../web/lib/read-qr.ts';
import { readStoredZip } from './stored-zip.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const say = (id: string, text: string, tone: 'ok' | 'problem' | '' = '') => {
  const el = $(id);
  el.textContent = text;
  el.className = tone;
};

let manifest: CapsuleManifest | null = null;
let entries = new Map<string, Uint8Array>();
let kitCount = 0;

function readKit(text: string): { kit?: Kit; problem?: string } {
  if (!manifest) return {};
  try {
    const kit = decodeKit(text);
    if (kit.sealTag !== manifest.seal.sealTag) return { problem: 'This kit belongs to another seal (its reference is not ' + manifest.seal.sealTag + '): perhaps an older kit that was replaced.' };
    return { kit };
  } catch (error) {
    return { problem: error instanceof KitError ? KIT_PROBLEM_WORDS[error.problem] : 'That code could not be read.' };
  }
}

function addKit() {
  kitCount += 1;
  const n = kitCount;
  const box = document.createElement('div');
  box.className = 'kit';
  box.innerHTML = `<label for="kit-${n}">Kit ${n}: its code</label><textarea id="kit-${n}" rows="3" autocomplete="off" spellcheck="false"></textarea>
    <label for="kit-photo-${n}">or a photo of its QR code</label><input type="file" id="kit-photo-${n}" accept="image/*">
    <p id="kit-status-${n}" role="status" aria-live="polite"></p>`;
  $('kits').append(box);
  const area = $<HTMLTextAreaElement>(`kit-${n}`);
  const check = () => {
    const { kit, problem } = readKit(area.value);
    if (!area.value.trim()) say(`kit-status-${n}`, '');
    else if (problem) say(`kit-status-${n}`, problem, 'problem');
    else if (kit) say(`kit-status-${n}`, kit.kind === 'owner' ? 'The Owner Kit: it opens everything alone.' : `Kit ${kit.index} of ${kit.count}: read correctly.`, 'ok');
  };
  area.addEventListener('input', check);
  $<HTMLInputElement>(`kit-photo-${n}`).addEventListener('change', async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    const text = await readQrFromImage(file).catch(() => null);
    if (text) {
      area.value = text;
      check();
    } else say(`kit-status-${n}`, 'No QR code could be read in that photo. Take it again in good light, or type the code.', 'problem');
  });
}

async function chooseCapsule(file: File) {
  manifest = null;
  $('step-kits').hidden = true;
  $('step-items').hidden = true;
  try {
    entries = readStoredZip(new Uint8Array(await file.arrayBuffer()));
    const raw = entries.get(MANIFEST_PATH);
    const parsed = raw ? (JSON.parse(new TextDecoder().decode(raw)) as CapsuleManifest) : null;
    if (!parsed || parsed.format !== CAPSULE_FORMAT) throw new Error('no manifest');
    manifest = parsed;
  } catch {
    say('capsule-status', 'This file is not a Legacy Capsule. Choose the .zip file whose name starts with “Legacy Capsule”.', 'problem');
    return;
  }
  const damaged = manifest.items.filter((item) => {
    const bytes = entries.get(item.path);
    return !bytes || bytesToHex(sha256(bytes)) !== item.sha256;
  });
  const made = new Date(manifest.madeAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  $('title').textContent = `${manifest.ownerName}'s Legacy Capsule`;
  say(
    'capsule-status',
    `${manifest.ownerName}'s capsule, made on ${made}: ${manifest.items.length} sealed item${manifest.items.length === 1 ? '' : 's'}.` +
      (damaged.length ? ` ${damaged.length} of them changed after the capsule was made and will not be opened: ${damaged.map((d) => d.title).join(', ')}.` : ' Every item is as it was when the capsule was made.'),
    damaged.length ? 'problem' : 'ok',
  );
  $('kits-needed').textContent = `Any ${manifest.seal.threshold} of the ${manifest.seal.shareCount} Emergency Kits open it. Type each kit's code, or give a photo of its QR code.`;
  $('kits').innerHTML = '';
  kitCount = 0;
  for (let i = 0; i < manifest.seal.threshold; i++) addKit();
  $('step-kits').hidden = false;
}

function save(name: string, bytes: Uint8Array) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function openCapsule() {
  if (!manifest) return;
  const kits: Kit[] = [];
  for (let n = 1; n <= kitCount; n++) {
    const text = $<HTMLTextAreaElement>(`kit-${n}`).value;
    if (!text.trim()) continue;
    const { kit, problem } = readKit(text);
    if (!kit || problem) {
      say('kits-status', `Kit ${n}: ${problem || 'could not be read.'}`, 'problem');
      return;
    }
    kits.push(kit);
  }
  let identity: string;
  try {
    identity = await openSeal(kits, manifest.seal);
  } catch (error) {
    const problem = error instanceof OpenSealError ? error.problem : 'wrong-key';
    const words: Record<string, string> = {
      'too-few': `These are not enough kits: any ${manifest.seal.threshold} different kits are needed.`,
      'same-share': 'The same kit was given twice. Give different kits.',
      'another-seal': 'One of these kits belongs to another seal.',
      'wrong-key': 'These kits do not open this capsule. Check each code against its kit.',
    };
    say('kits-status', words[problem] ?? words['wrong-key']!, 'problem');
    return;
  }
  say('kits-status', 'The kits opened the capsule.', 'ok');
  $<HTMLTextAreaElement>('key-text').value = identity;
  const list = $('items');
  list.innerHTML = '';
  for (const item of manifest.items) {
    const li = document.createElement('li');
    const heading = document.createElement('strong');
    heading.textContent = item.title + (item.for ? ` — for ${item.for}` : '');
    li.append(heading);
    const bytes = entries.get(item.path);
    try {
      if (!bytes || bytesToHex(sha256(bytes)) !== item.sha256) throw new Error('changed');
      const opened = await openBytes(identity, bytes);
      if (item.fileName.endsWith('.txt')) {
        const pre = document.createElement('pre');
        pre.textContent = new TextDecoder().decode(opened);
        li.append(pre);
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `Save “${item.fileName}”`;
      button.addEventListener('click', () => save(item.fileName, opened));
      li.append(document.createElement('br'), button);
    } catch {
      const p = document.createElement('p');
      p.className = 'problem';
      p.textContent = 'This item could not be opened: it was changed or damaged after the capsule was made.';
      li.append(p);
    }
    list.append(li);
  }
  $('step-items').hidden = false;
  $('step-items-heading').focus();
}

$<HTMLInputElement>('capsule').addEventListener('change', (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file) void chooseCapsule(file);
});
$('add-kit').addEventListener('click', addKit);
$('open').addEventListener('click', () => void openCapsule());
$('show-key').addEventListener('click', () => {
  $('key').hidden = false;
});
$('step-items-heading').tabIndex = -1;
