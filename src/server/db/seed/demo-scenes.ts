/**
 * Sample photographs for the demo family, drawn as SVG and rendered to JPEG by sharp at seed time
 * (there is no internet to fetch stock photos from, and these carry no licence questions).
 */
const W = 1200;
const H = 900;
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** Cape May: the sun setting into the sea, a gull or two, footprints in the sand. */
export const beachAtSunset = svg(`
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b1d5e"/><stop offset="0.35" stop-color="#a23b72"/>
      <stop offset="0.62" stop-color="#f18f5a"/><stop offset="0.8" stop-color="#fcd287"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e07a5f"/><stop offset="0.25" stop-color="#6d4c7d"/><stop offset="1" stop-color="#1f2a44"/>
    </linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d9a86c"/><stop offset="1" stop-color="#8c6239"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff3c4" stop-opacity="0.9"/><stop offset="1" stop-color="#ffb36b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="560" fill="url(#sky)"/>
  <circle cx="760" cy="540" r="230" fill="url(#glow)"/>
  <circle cx="760" cy="548" r="92" fill="#ffd77a"/>
  <rect y="548" width="${W}" height="352" fill="url(#sea)"/>
  <g fill="#ffd77a" opacity="0.75">
    <rect x="690" y="566" width="140" height="6" rx="3"/><rect x="705" y="586" width="110" height="5" rx="2.5"/>
    <rect x="720" y="606" width="80" height="5" rx="2.5"/><rect x="735" y="628" width="50" height="4" rx="2"/>
    <rect x="745" y="652" width="30" height="4" rx="2"/>
  </g>
  <g fill="none" stroke="#f6c7a8" stroke-width="3" opacity="0.45">
    <path d="M0 600 Q 150 590 300 602 T 600 600"/><path d="M820 610 Q 980 596 1200 612"/>
    <path d="M0 660 Q 200 648 420 664"/><path d="M880 680 Q 1040 666 1200 684"/>
  </g>
  <path d="M0 730 C 250 690 520 712 760 742 C 930 762 1080 744 1200 728 L 1200 900 L 0 900 Z" fill="url(#sand)"/>
  <path d="M0 736 C 250 698 520 720 760 750 C 930 770 1080 752 1200 736" fill="none" stroke="#fdf1dc" stroke-width="6" opacity="0.7"/>
  <g fill="#6b4a2b" opacity="0.55">
    <ellipse cx="240" cy="820" rx="9" ry="5"/><ellipse cx="275" cy="805" rx="9" ry="5"/><ellipse cx="310" cy="822" rx="9" ry="5"/>
    <ellipse cx="345" cy="806" rx="9" ry="5"/><ellipse cx="380" cy="824" rx="9" ry="5"/><ellipse cx="415" cy="808" rx="9" ry="5"/>
  </g>
  <g fill="none" stroke="#2b1b3a" stroke-width="5" stroke-linecap="round">
    <path d="M300 230 q 22 -18 44 0 q 22 -18 44 0"/><path d="M420 180 q 15 -12 30 0 q 15 -12 30 0"/>
  </g>
  <g transform="translate(110 560)">
    <path d="M40 180 C 30 120 44 60 70 0" fill="none" stroke="#241a2e" stroke-width="14" stroke-linecap="round"/>
    <path d="M70 0 C 20 -10 -10 20 -30 50 C 10 20 40 14 70 0 C 110 -20 150 -4 170 30 C 130 10 100 6 70 0 C 60 -40 90 -70 120 -80 C 96 -50 82 -26 70 0 C 40 -40 0 -50 -30 -40 C 10 -30 44 -20 70 0" fill="#241a2e"/>
  </g>
`);

/** Margaret's rose garden in June: a white picket fence, roses, a path and a bench. */
export const roseGarden = svg(`
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ecae6"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#84cc16"/><stop offset="1" stop-color="#3f6212"/></linearGradient>
    <linearGradient id="path" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7d7b9"/><stop offset="1" stop-color="#b49a6c"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="1020" cy="140" r="70" fill="#fff7c2"/>
  <g fill="#ffffff" opacity="0.9"><ellipse cx="260" cy="130" rx="110" ry="36"/><ellipse cx="330" cy="110" rx="80" ry="40"/><ellipse cx="700" cy="190" rx="90" ry="28"/></g>
  <path d="M0 430 C 200 380 420 400 620 420 C 820 440 1000 400 1200 410 L1200 900 L0 900Z" fill="#4d7c0f"/>
  <g fill="#166534"><circle cx="120" cy="400" r="90"/><circle cx="210" cy="380" r="70"/><circle cx="1080" cy="390" r="100"/><circle cx="980" cy="410" r="70"/></g>
  <rect y="470" width="${W}" height="430" fill="url(#lawn)"/>
  <g fill="#fafaf9" stroke="#d6d3d1" stroke-width="2">
    ${Array.from({ length: 26 }, (_, i) => `<path d="M${i * 48} 560 v-90 l14 -16 l14 16 v90 z"/>`).join('')}
    <rect x="0" y="490" width="${W}" height="12"/><rect x="0" y="535" width="${W}" height="12"/>
  </g>
  <path d="M520 900 C 560 760 600 640 640 560 L 700 560 C 720 640 760 760 860 900 Z" fill="url(#path)"/>
  <g>
    ${[
      [110, 640, '#e11d48'], [210, 700, '#f43f5e'], [90, 780, '#be123c'], [300, 620, '#fb7185'], [330, 760, '#e11d48'],
      [890, 640, '#f472b6'], [990, 700, '#db2777'], [1100, 640, '#f43f5e'], [950, 800, '#be185d'], [1080, 790, '#fb7185'],
    ]
      .map(
        ([x, y, c]) => `<g transform="translate(${x} ${y})">
          <circle r="70" fill="#15803d"/><circle cx="-30" cy="-20" r="38" fill="#166534"/><circle cx="34" cy="10" r="42" fill="#16a34a"/>
          <circle cx="-28" cy="-26" r="17" fill="${c}"/><circle cx="-28" cy="-26" r="8" fill="#fff1f2" opacity="0.5"/>
          <circle cx="24" cy="-8" r="19" fill="${c}"/><circle cx="24" cy="-8" r="9" fill="#fff1f2" opacity="0.45"/>
          <circle cx="-4" cy="30" r="16" fill="${c}"/><circle cx="40" cy="36" r="13" fill="${c}"/><circle cx="-44" cy="20" r="12" fill="${c}"/>
        </g>`,
      )
      .join('')}
  </g>
  <g transform="translate(700 600)">
    <rect x="0" y="0" width="170" height="16" rx="4" fill="#7c4a1e"/><rect x="0" y="-44" width="170" height="12" rx="4" fill="#7c4a1e"/>
    <rect x="0" y="-24" width="170" height="10" rx="4" fill="#8b5a2b"/><rect x="12" y="16" width="12" height="46" fill="#5b3512"/><rect x="146" y="16" width="12" height="46" fill="#5b3512"/>
  </g>
  <g fill="#fde047"><circle cx="460" cy="820" r="7"/><circle cx="480" cy="850" r="6"/><circle cx="430" cy="860" r="6"/><circle cx="780" cy="860" r="7"/></g>
`);

/** Richard's 70th: a table by the window, the cake alight, balloons and cards. */
export const birthdayTable = svg(`
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde6c8"/><stop offset="1" stop-color="#f6c99a"/></linearGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fafaf9"/><stop offset="1" stop-color="#e7e5e4"/></linearGradient>
    <radialGradient id="flame" cx="0.5" cy="0.6" r="0.6"><stop offset="0" stop-color="#fff7ae"/><stop offset="0.6" stop-color="#fbbf24"/><stop offset="1" stop-color="#f97316" stop-opacity="0"/></radialGradient>
    <radialGradient id="warm" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.8"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <rect x="760" y="90" width="340" height="300" rx="10" fill="#1e3a5f"/><rect x="775" y="105" width="310" height="270" fill="#233f6b"/>
  <g fill="#fef9c3"><circle cx="860" cy="170" r="3"/><circle cx="980" cy="150" r="2"/><circle cx="1040" cy="230" r="3"/><circle cx="900" cy="280" r="2"/></g>
  <path d="M930 105 v270 M775 240 h310" stroke="#f5f5f4" stroke-width="10"/>
  <g stroke="#a8a29e" stroke-width="2">
    <line x1="200" y1="360" x2="160" y2="150"/><line x1="250" y1="360" x2="270" y2="120"/><line x1="300" y1="360" x2="370" y2="170"/>
  </g>
  <ellipse cx="160" cy="110" rx="58" ry="70" fill="#ef4444"/><ellipse cx="270" cy="80" rx="58" ry="70" fill="#3b82f6"/><ellipse cx="370" cy="130" rx="58" ry="70" fill="#f59e0b"/>
  <g fill="#ffffff" opacity="0.35"><ellipse cx="140" cy="85" rx="14" ry="22"/><ellipse cx="250" cy="55" rx="14" ry="22"/><ellipse cx="350" cy="105" rx="14" ry="22"/></g>
  <path d="M0 300 Q 150 350 300 300 Q 450 350 600 300" fill="none" stroke="#e11d48" stroke-width="5"/>
  <g fill="#e11d48"><path d="M60 318 l20 40 l20 -36z"/><path d="M180 332 l20 40 l20 -38z"/><path d="M300 302 l20 40 l20 -38z"/><path d="M420 330 l20 40 l20 -36z"/><path d="M540 316 l20 40 l20 -38z"/></g>
  <text x="300" y="270" font-family="Georgia, serif" font-size="44" fill="#9f1239" text-anchor="middle">Happy 70th, Richard</text>
  <rect x="0" y="560" width="${W}" height="340" fill="#7c4a1e"/>
  <path d="M-20 540 L1220 540 L1220 700 Q 1100 740 980 700 Q 860 740 740 700 Q 620 740 500 700 Q 380 740 260 700 Q 140 740 -20 700 Z" fill="url(#cloth)"/>
  <circle cx="600" cy="380" r="260" fill="url(#warm)"/>
  <ellipse cx="600" cy="560" rx="230" ry="34" fill="#d6d3d1"/>
  <rect x="420" y="420" width="360" height="130" rx="18" fill="#f5d0a9"/>
  <ellipse cx="600" cy="420" rx="180" ry="34" fill="#fffbeb"/>
  <path d="M420 440 Q 450 470 480 440 Q 510 470 540 440 Q 570 470 600 440 Q 630 470 660 440 Q 690 470 720 440 Q 750 470 780 440" fill="none" stroke="#fffbeb" stroke-width="14" stroke-linecap="round"/>
  <rect x="420" y="500" width="360" height="16" fill="#be123c" opacity="0.8"/>
  <g fill="#be123c"><circle cx="520" cy="410" r="10"/><circle cx="600" cy="425" r="10"/><circle cx="680" cy="410" r="10"/></g>
  ${[470, 520, 570, 630, 680, 730].map((x, i) => `<rect x="${x - 6}" y="${340 + (i % 2) * 12}" width="12" height="${70 - (i % 2) * 12}" rx="4" fill="${['#60a5fa', '#f472b6', '#34d399', '#fbbf24', '#a78bfa', '#f87171'][i]}"/><ellipse cx="${x}" cy="${322 + (i % 2) * 12}" rx="14" ry="24" fill="url(#flame)"/>`).join('')}
  <g><ellipse cx="190" cy="610" rx="110" ry="22" fill="#fafaf9" stroke="#d6d3d1" stroke-width="3"/><ellipse cx="190" cy="608" rx="70" ry="13" fill="#f5f5f4"/>
     <ellipse cx="1010" cy="610" rx="110" ry="22" fill="#fafaf9" stroke="#d6d3d1" stroke-width="3"/><ellipse cx="1010" cy="608" rx="70" ry="13" fill="#f5f5f4"/></g>
  <g transform="translate(870 470) rotate(-8)"><rect width="120" height="90" rx="6" fill="#fef3c7" stroke="#d97706" stroke-width="3"/><text x="60" y="55" font-family="Georgia, serif" font-size="22" fill="#92400e" text-anchor="middle">Love, G</text></g>
  <g transform="translate(260 500) rotate(6)"><rect x="0" y="0" width="34" height="80" rx="10" fill="#fecaca" opacity="0.85"/><rect x="0" y="0" width="34" height="22" fill="#fca5a5"/></g>
`);

/** The lake house in autumn: still water, a dock, the maples turning. */
export const lakeHouseAutumn = svg(`
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#93c5fd"/><stop offset="1" stop-color="#fef3c7"/></linearGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <path d="M0 420 L180 260 L330 380 L520 220 L720 400 L900 280 L1200 420 Z" fill="#64748b" opacity="0.55"/>
  <rect y="470" width="${W}" height="430" fill="url(#lake)"/>
  <path d="M0 480 C 200 440 420 470 620 460 C 820 450 1000 430 1200 470 L1200 500 L0 500Z" fill="#3f6212"/>
  ${[60, 150, 240, 330, 880, 980, 1080, 1160]
    .map((x, i) => `<circle cx="${x}" cy="${410 - (i % 3) * 20}" r="${60 + (i % 2) * 20}" fill="${['#ea580c', '#dc2626', '#f59e0b', '#b45309'][i % 4]}"/><rect x="${x - 6}" y="${440 - (i % 3) * 20}" width="12" height="60" fill="#451a03"/>`)
    .join('')}
  <g transform="translate(470 330)">
    <rect x="0" y="60" width="260" height="130" fill="#7f1d1d"/><path d="M-20 70 L130 -10 L280 70 Z" fill="#292524"/>
    <rect x="30" y="100" width="50" height="44" fill="#fde68a"/><rect x="180" y="100" width="50" height="44" fill="#fde68a"/><rect x="108" y="120" width="44" height="70" fill="#451a03"/>
    <rect x="190" y="0" width="26" height="50" fill="#57534e"/>
  </g>
  <g fill="#ffffff" opacity="0.35">${[560, 600, 640, 690].map((y, i) => `<rect x="${430 + i * 18}" y="${y}" width="${340 - i * 36}" height="5" rx="2.5"/>`).join('')}</g>
  <g transform="translate(300 520)"><rect x="0" y="0" width="380" height="18" fill="#78350f"/>${[20, 120, 220, 320].map((x) => `<rect x="${x}" y="18" width="12" height="60" fill="#451a03"/>`).join('')}</g>
  <g transform="translate(780 640)"><path d="M0 0 L160 0 L130 36 L30 36 Z" fill="#b91c1c"/><path d="M60 0 L80 -70 L80 0Z" fill="#fafaf9"/></g>
  <g fill="#f97316">${[[120, 820], [300, 760], [1000, 790], [1100, 850], [640, 840]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="7" transform="rotate(25 ${x} ${y})"/>`).join('')}</g>
`);

/** A gentle eight-bar tune (sine tones, soft attack and release) as a WAV file: "Hush, little one". */
export function lullabyWav(): Buffer {
  const rate = 22_050;
  // G4 E4 E4 F4 D4 D4 C4 D4 E4 F4 G4 G4 G4 — a made-up cradle song, one beat = 0.42 s
  const notes: [number, number][] = [
    [392, 1], [330, 1], [330, 2], [349, 1], [294, 1], [294, 2], [262, 1], [294, 1], [330, 1], [349, 1], [392, 1], [392, 1], [392, 2],
    [392, 1], [330, 1], [330, 2], [349, 1], [294, 1], [294, 2], [262, 1], [330, 1], [392, 1], [392, 1], [262, 4],
  ];
  const beat = 0.42;
  const total = notes.reduce((s, [, b]) => s + Math.round(b * beat * rate), 0);
  const pcm = Buffer.alloc(total * 2);
  let offset = 0;
  for (const [freq, beats] of notes) {
    const n = Math.round(beats * beat * rate);
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const env = Math.min(1, i / (0.04 * rate)) * Math.min(1, (n - i) / (0.12 * rate));
      const v = (Math.sin(2 * Math.PI * freq * t) * 0.8 + Math.sin(4 * Math.PI * freq * t) * 0.15) * env * 0.35;
      pcm.writeInt16LE(Math.round(v * 32767), (offset + i) * 2);
    }
    offset += n;
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
