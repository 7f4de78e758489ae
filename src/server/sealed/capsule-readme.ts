import { COMBINER_PATH, type CapsuleManifest } from '../../core/seal/capsule-format.ts';

/** The file an item's age file opens into: its name in the capsule without ".age". */
const openedName = (itemPath: string) => itemPath.replace(/^items\//, '').replace(/\.age$/, '');

/**
 * README.txt: what the capsule is and how to open it, step by step, for someone with no Heirloom
 * at all and who has never used a terminal (ADR 0112). Every command in it is run by
 * capsule-without-heirloom.test.ts inside the unpacked capsule.
 */
export function capsuleReadme(m: CapsuleManifest): string {
  const day = new Date(m.madeAt).toUTCString();
  const kits = m.seal.threshold;
  const itemLines = m.items.map((i) => `    age -d -i key.txt -o "${openedName(i.path)}" "${i.path}"`).join('\n');
  return `${m.ownerName} — Legacy Capsule
Made on ${day} by Heirloom (${m.instance}).

This folder holds what ${m.ownerName} sealed for their family: ${m.items.length} item${m.items.length === 1 ? '' : 's'}.
Each is locked. Any ${kits} of the ${m.seal.shareCount} Emergency Kits that ${m.ownerName} gave their trustees open them together.
No website is needed, and nothing is sent anywhere.


THE EASY WAY: WITH A WEB BROWSER

1. Unpack this zip file. On Windows: right-click it and choose "Extract All". On a Mac: double-click it.
2. In the folder you get, double-click the file open.html. It opens in your web browser
   (Chrome, Edge, Firefox or Safari).
3. When it asks, choose this capsule's zip file. Then type the codes of ${kits} kits, or give a photo
   of their QR codes.
4. Save each item.


ANOTHER WAY, WITHOUT A WEB BROWSER: WITH PYTHON AND THE AGE TOOL

You type two short commands in a "terminal", a window where you type instructions to the computer.
You need two free programs: Python 3 (https://www.python.org) and age (https://age-encryption.org).

1. Unpack this zip file, as above.
2. Install the two programs, once:
   - Windows: install Python from https://www.python.org/downloads/ (tick "Add python.exe to PATH").
     Download age from https://github.com/FiloSottile/age/releases (the file ending in
     windows-amd64.zip), unpack it, and put age.exe in the capsule's folder, beside ${COMBINER_PATH}.
   - Mac: install Homebrew (https://brew.sh), then in a terminal type:  brew install age
     (the first time you type python3, the Mac offers to install it: accept).
   - Linux (Debian, Ubuntu): in a terminal type:  sudo apt install python3 age
3. Open a terminal in the capsule's folder (the one with ${COMBINER_PATH} in it):
   - Windows: open the folder, click the address bar at the top, type cmd and press Enter.
   - Mac: in Finder, right-click the folder, choose Services, then "New Terminal at Folder".
   - Linux: right-click inside the folder and choose "Open in Terminal".
4. Type this line and press Enter (on Windows, type py instead of python3):

    python3 ${COMBINER_PATH}

5. It asks for the code of each kit: type the code printed under "The code" on a kit (spaces and
   capitals do not matter) and press Enter, ${kits} times. It checks that the kits are right for
   this capsule, writes the key into the file key.txt, and opens every item into a new folder
   named "Opened".
6. When you are done, delete key.txt: anyone who has it can open everything here.

If step 5 says age is not installed, install it (step 2) and do step 4 again. To open one item at
a time instead, type its line in the same terminal after step 5:

${itemLines}


The seal's public key: ${m.seal.recipient}
The seal's reference (printed on every kit): ${m.seal.sealTag}
Contents: open.html (the page), ${COMBINER_PATH} (the program of step 4, plain text you can read),
manifest.json (every item with its SHA-256), and items (each item, locked, as an age file).
How the kits make the key is written out in ${COMBINER_PATH} itself, so anyone can check it.
`;
}
