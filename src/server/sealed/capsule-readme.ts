import type { CapsuleManifest } from '../../core/seal/capsule-format.ts';

/** README.txt: what the capsule is and how to open it, for someone with no Heirloom at all. */
export function capsuleReadme(m: CapsuleManifest): string {
  const day = new Date(m.madeAt).toUTCString();
  return `${m.ownerName} — Legacy Capsule
Made on ${day} by Heirloom (${m.instance}).

This folder holds what ${m.ownerName} sealed for their family: ${m.items.length} item${m.items.length === 1 ? '' : 's'}.
Each is locked. Any ${m.seal.threshold} of the ${m.seal.shareCount} Emergency Kits that ${m.ownerName} gave their trustees open them together.
The website is not needed, and nothing is sent anywhere.

To open it
1. Unpack this zip file somewhere on your computer.
2. Open the file open.html in a web browser (Chrome, Edge, Firefox or Safari): double-click it.
3. Choose this capsule's zip file when asked, then type the codes of ${m.seal.threshold} kits (or give a photo of their QR codes).
4. Save each item.

Without a web browser: the items are standard age files (https://age-encryption.org/v1).
docs/sealed-release.md in Heirloom's source explains how to put the kits together into the key
and open them with the age tool:  age -d -i key.txt "items/<item>.age" > item

The seal's public key: ${m.seal.recipient}
The seal's reference (printed on every kit): ${m.seal.sealTag}
Contents: manifest.json lists every item with its SHA-256.
`;
}
