import QRCode from 'qrcode';
import { forwardRef, useEffect, useRef, useState, type CSSProperties } from 'react';
import { kitCapsuleWords } from '../../../core/seal/seal-words.ts';

/** One kit as the owner hands it over: what it is, the code twice (QR and words), and what to do. */
export interface KitPage {
  kind: 'share' | 'owner';
  /** whose estate */
  ownerName: string;
  /** who it is for (the trustee's name, or the owner's) */
  holderName: string;
  /** every trustee of the seal, who each get a copy of the Legacy Capsule */
  holders: string[];
  words: string;
  shareIndex: number;
  shareCount: number;
  threshold: number;
  sealTag: string;
  madeOn: string;
}

// Inline styles: the same sheet is printed from the app and saved as a stand-alone file.
const page: CSSProperties = { fontFamily: 'Georgia, serif', color: '#1c1917', maxWidth: '42rem', margin: '0 auto', lineHeight: 1.45 };
const box: CSSProperties = { border: '2px solid #1c1917', borderRadius: '0.5rem', padding: '1rem', margin: '1rem 0' };
const list: CSSProperties = { listStyle: 'decimal', paddingLeft: '1.5rem', margin: '0.5rem 0' };
const code: CSSProperties = { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '1.15rem', letterSpacing: '0.08em', wordSpacing: '0.5em', lineHeight: 2 };

async function qrDataUrl(words: string): Promise<string> {
  const svg = await QRCode.toString(words.replace(/ /g, ''), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The printable kit. Its words never leave this browser except on paper or in the file the owner saves. */
export const KitSheet = forwardRef<HTMLElement, { kit: KitPage; origin: string; onReady?: () => void }>(function KitSheet({ kit, origin, onReady }, ref) {
  const [qr, setQr] = useState<string | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  useEffect(() => {
    let live = true;
    void qrDataUrl(kit.words).then((url) => {
      if (!live) return;
      setQr(url);
      readyRef.current?.();
    });
    return () => {
      live = false;
    };
  }, [kit.words]);
  const trusteePage = `${origin}/trustee`;
  const last = kit.words.replace(/ /g, '').slice(-4);
  return (
    <article ref={ref} style={page} aria-label={kit.kind === 'owner' ? 'Owner Kit' : `Emergency Kit for ${kit.holderName}`}>
      <h1 style={{ fontSize: '1.6rem', margin: '0 0 0.25rem' }}>{kit.kind === 'owner' ? `Owner Kit — ${kit.ownerName}` : `Emergency Kit for ${kit.holderName}`}</h1>
      <p style={{ margin: 0 }}>
        {kit.kind === 'owner'
          ? `The whole key to what ${kit.ownerName} sealed on Heirloom (${origin}).`
          : `Kit ${kit.shareIndex} of ${kit.shareCount} for what ${kit.ownerName} sealed on Heirloom (${origin}). Any ${kit.threshold} of the ${kit.shareCount} kits open it together; one alone opens nothing.`}
      </p>
      <div style={{ ...box, display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
        {qr ? <img src={qr} alt="The same code as a QR code" style={{ width: '11rem', height: '11rem' }} /> : <span style={{ width: '11rem' }}>Drawing the QR code…</span>}
        <div style={{ flex: '1 1 16rem' }}>
          <p style={{ margin: '0 0 0.25rem', fontWeight: 'bold' }}>The code</p>
          <p style={code}>{kit.words}</p>
          <p style={{ margin: 0, fontSize: '0.9rem' }}>
            Seal {kit.sealTag} · made on {kit.madeOn}
            {kit.kind === 'share' && <> · last four characters: {last}</>}
          </p>
        </div>
      </div>
      {kit.kind === 'owner' ? (
        <ol style={list}>
          <li>Keep this page as safely as your will. Anyone who has it can read what you sealed.</li>
          <li>You need it to read or change your sealed items on Heirloom, and to change your trustees.</li>
          <li>Do not give it to a trustee: they each have their own kit, and need each other.</li>
          <li>{kitCapsuleWords('owner', kit.ownerName, kit.holders, trusteePage)}</li>
        </ol>
      ) : (
        <ol style={list}>
          <li>Keep this page somewhere safe, with your important papers. Do not share a photo of it.</li>
          <li>
            Tell {kit.ownerName} you have it: sign in at {trusteePage} and type the last four characters, <strong>{last}</strong>.
          </li>
          <li>
            There is nothing else to do now. Only after {kit.ownerName}&apos;s passing has been reported, confirmed by the trustees and checked, will you be asked to give this
            code on the same page ({trusteePage}), by typing it or by showing the QR code to your camera.
          </li>
          <li>{kitCapsuleWords('share', kit.ownerName, kit.holders, trusteePage)}</li>
          <li>
            If you lose this page, tell {kit.ownerName}: they can make new kits, and this one will stop working on Heirloom. A capsule made before still opens with the old kits:
            when you get a new kit, destroy this page and delete your old capsule.
          </li>
        </ol>
      )}
    </article>
  );
});

/** The sheet as a stand-alone web page the owner can save and send (no scripts, no links out). */
export function kitFileHtml(kit: KitPage, sheet: HTMLElement): string {
  const title = kit.kind === 'owner' ? `Owner Kit — ${kit.ownerName}` : `Emergency Kit ${kit.shareIndex} of ${kit.shareCount} for ${kit.holderName}`;
  const escaped = title.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><title>${escaped}</title></head><body style="margin:2rem 1rem">${sheet.outerHTML}</body></html>`;
}

export function kitFileName(kit: KitPage): string {
  const who = kit.holderName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'trustee';
  return kit.kind === 'owner' ? `heirloom-owner-kit-${kit.sealTag}.html` : `heirloom-kit-${kit.shareIndex}-of-${kit.shareCount}-${who}.html`;
}
