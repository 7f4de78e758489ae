#!/usr/bin/env python3
"""Put Heirloom Emergency Kits back together into the seal's key, with nothing but Python 3.

In the unpacked Legacy Capsule, with its manifest.json beside this file:

    python3 combine-kits.py

asks for the kits' codes one at a time, checks that together they make the key of this capsule,
writes it to key.txt, and, when the age tool is installed (https://age-encryption.org), opens every
item into the folder "Opened". Or give the codes as arguments, and the key is printed:

    python3 combine-kits.py "CODE OF KIT ONE" "CODE OF KIT TWO" > key.txt
    age -d -i key.txt -o "For Byron.txt" "items/01 For Byron.txt.age"

A kit's code is printed under "The code" (spaces, dashes and lower case do not matter; O is read as
0, I and L as 1). Give the number of kits README.txt names, or the Owner Kit alone. The formats
are described in Heirloom's docs/sealed-release.md.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def from_base32(text):
    text = text.upper().replace(" ", "").replace("-", "").replace("\n", "").replace("\r", "")
    text = text.replace("O", "0").replace("I", "1").replace("L", "1")
    bits, value, out = 0, 0, bytearray()
    for char in text:
        if char not in ALPHABET:
            raise ValueError("That code has a character that is not on any kit: check it group by group.")
        value = (value << 5) | ALPHABET.index(char)
        bits += 5
        if bits >= 8:
            out.append((value >> (bits - 8)) & 0xFF)
            bits -= 8
        value &= (1 << bits) - 1
    return bytes(out)


def read_kit(code):
    raw = from_base32(code)
    body, checksum = raw[:-4], raw[-4:]
    if len(body) < 10 or hashlib.sha256(body).digest()[:4] != checksum:
        raise ValueError("That code has a mistake in it: check it group by group (O and 0, I and 1 are read the same).")
    if body[0] != 1 or body[1] not in (1, 2):
        raise ValueError("That is not a Heirloom kit of a version this script reads.")
    return {"owner": body[1] == 2, "tag": body[2:6].hex(), "threshold": body[6], "secret": body[9:]}


def gf_mul(a, b):
    # GF(2^8) with the polynomial x^8 + x^4 + x^3 + x + 1 (0x11B)
    result = 0
    while b:
        if b & 1:
            result ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11B
        b >>= 1
    return result


def gf_inv(a):
    result = 1
    for _ in range(254):  # a^254 = a^-1
        result = gf_mul(result, a)
    return result


def combine(shares):
    # each share: 32 bytes of y values, then its x coordinate; the secret is the polynomial at x = 0
    xs = [share[-1] for share in shares]
    secret = bytearray()
    for i in range(len(shares[0]) - 1):
        byte = 0
        for j, share in enumerate(shares):
            basis = 1
            for m, x_m in enumerate(xs):
                if m != j:
                    basis = gf_mul(basis, gf_mul(x_m, gf_inv(x_m ^ xs[j])))
            byte ^= gf_mul(share[i], basis)
        secret.append(byte)
    return bytes(secret)


def x25519_public(key):
    # RFC 7748: the scalar times the base point u = 9, by the Montgomery ladder
    p = 2**255 - 19
    k = int.from_bytes(key, "little")
    k &= ~7
    k &= ~(128 << 8 * 31)
    k |= 64 << 8 * 31
    x1, x2, z2, x3, z3, swap = 9, 1, 0, 9, 1, 0
    for t in reversed(range(255)):
        bit = (k >> t) & 1
        swap ^= bit
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b = (x2 + z2) % p, (x2 - z2) % p
        aa, bb = a * a % p, b * b % p
        e = (aa - bb) % p
        c, d = (x3 + z3) % p, (x3 - z3) % p
        da, cb = d * a % p, c * b % p
        x3, z3 = (da + cb) ** 2 % p, x1 * (da - cb) ** 2 % p
        x2, z2 = aa * bb % p, e * (aa + 121665 * e) % p
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, p - 2, p) % p).to_bytes(32, "little")


def bech32_encode(hrp, data):
    # BIP 173 bech32, as age writes its keys (no length limit)
    charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    words, bits, value = [], 0, 0
    for byte in data:
        value = (value << 8) | byte
        bits += 8
        while bits >= 5:
            words.append((value >> (bits - 5)) & 31)
            bits -= 5
    if bits:
        words.append((value << (5 - bits)) & 31)
    generator = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    hrp_expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    chk = 1
    for v in hrp_expanded + words + [0] * 6:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= generator[i] if (top >> i) & 1 else 0
    polymod = chk ^ 1
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return hrp + "1" + "".join(charset[w] for w in words + checksum)


def read_manifest():
    for folder in (HERE, os.getcwd()):
        path = os.path.join(folder, "manifest.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                return folder, json.load(f)
    return None, None


def the_key(kits, seal):
    if len({kit["tag"] for kit in kits}) != 1:
        sys.exit("These kits belong to different seals: each kit shows its seal's reference under the code.")
    if seal and kits[0]["tag"] != seal["sealTag"]:
        sys.exit(
            f"These kits are of seal {kits[0]['tag']}, but this capsule was locked with seal {seal['sealTag']}. "
            "Ask the owner's trustees for the kits (or the capsule) of the same seal."
        )
    owner = next((kit for kit in kits if kit["owner"]), None)
    if owner:
        key = owner["secret"]
    else:
        shares = list({kit["secret"][-1]: kit["secret"] for kit in kits}.values())
        if len(shares) < max(2, kits[0]["threshold"]):
            sys.exit(f"Give at least {kits[0]['threshold']} different kits.")
        key = combine(shares)
    if seal and bech32_encode("age", x25519_public(key)) != seal["recipient"]:
        sys.exit("These kits do not make this capsule's key: one of them is from another seal or was changed. Check each code again.")
    return bech32_encode("age-secret-key-", key).upper()


def ask_for_kits(needed):
    print(f"Type the code of each kit ({needed} are needed, or the Owner Kit alone), then press Enter.")
    kits = []
    while len(kits) < needed:
        try:
            code = input(f"Kit {len(kits) + 1} of {needed}: ").strip()
        except EOFError:
            sys.exit(f"Only {len(kits)} of the {needed} kits were given.")
        if not code:
            continue
        try:
            kit = read_kit(code)
        except ValueError as problem:
            print(problem)
            continue
        kits.append(kit)
        if kit["owner"]:
            break
    return kits


def open_items(folder, manifest, key_path):
    age = shutil.which("age") or next((p for p in (os.path.join(folder, "age"), os.path.join(folder, "age.exe")) if os.path.exists(p)), None)
    if not age:
        print("The age tool is not installed: install it (README.txt, step 2), then run this again.")
        return
    out = os.path.join(folder, "Opened")
    os.makedirs(out, exist_ok=True)
    for item in manifest["items"]:
        name = os.path.basename(item["path"])[: -len(".age")]
        subprocess.run([age, "-d", "-i", key_path, "-o", os.path.join(out, name), os.path.join(folder, item["path"])], check=True)
        print(f"Opened: {name}")
    print('Everything is in the folder "Opened", beside this file.')


def main(codes):
    folder, manifest = read_manifest()
    seal = manifest["seal"] if manifest else None
    if codes:
        try:
            kits = [read_kit(code) for code in codes]
        except ValueError as problem:
            sys.exit(str(problem))
        print(the_key(kits, seal))
        return
    if not manifest:
        sys.exit(__doc__)
    key = the_key(ask_for_kits(max(2, seal["threshold"])), seal)
    key_path = os.path.join(folder, "key.txt")
    with open(key_path, "w", encoding="utf-8") as f:
        f.write(key + "\n")
    print("The kits are right: the key is in key.txt. Anyone who has key.txt can open everything, so delete it when you are done.")
    open_items(folder, manifest, key_path)


if __name__ == "__main__":
    main(sys.argv[1:])
