#!/usr/bin/env python3
"""Put Heirloom Emergency Kits back together into the seal's age key, with nothing but Python 3.

    python3 combine-kits.py "CODE OF KIT ONE" "CODE OF KIT TWO" > key.txt
    age -d -i key.txt "items/01 A letter.txt.age" > "A letter.txt"

Each argument is a kit's code as printed under "The code" (spaces, dashes and lower case do not
matter; O is read as 0, I and L as 1). Give at least the number of kits the capsule's README names,
or the Owner Kit alone. The formats are in docs/sealed-release.md.
"""
import hashlib
import sys

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def from_base32(text):
    text = text.upper().replace(" ", "").replace("-", "").replace("\n", "")
    text = text.replace("O", "0").replace("I", "1").replace("L", "1")
    bits, value, out = 0, 0, bytearray()
    for char in text:
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
    if hashlib.sha256(body).digest()[:4] != checksum:
        sys.exit("A kit's code has a mistake in it: check it group by group.")
    if body[0] != 1 or body[1] not in (1, 2):
        sys.exit("This is not a Heirloom kit of a version this script reads.")
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


def bech32_encode(hrp, data):
    # BIP 173 bech32, as age writes its keys (upper case, no length limit)
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
    checksum_input = hrp_expanded + words + [0] * 6
    chk = 1
    for v in checksum_input:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= generator[i] if (top >> i) & 1 else 0
    polymod = chk ^ 1
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return (hrp + "1" + "".join(charset[w] for w in words + checksum)).upper()


def main(codes):
    kits = [read_kit(code) for code in codes]
    if not kits:
        sys.exit(__doc__)
    if len({kit["tag"] for kit in kits}) != 1:
        sys.exit("These kits belong to different seals.")
    owner = next((kit for kit in kits if kit["owner"]), None)
    if owner:
        key = owner["secret"]
    else:
        shares = list({kit["secret"][-1]: kit["secret"] for kit in kits}.values())
        if len(shares) < max(2, kits[0]["threshold"]):
            sys.exit(f"Give at least {kits[0]['threshold']} different kits.")
        key = combine(shares)
    print(bech32_encode("age-secret-key-", key))


if __name__ == "__main__":
    main(sys.argv[1:])
