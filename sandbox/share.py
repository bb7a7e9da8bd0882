"""Share links of the sandbox: ``?s=1.<base64url(zlib(json))>``, decoded with bounds.

A code is « 1. » + base64url(deflate(compact JSON of the scenario dict), with a preset dictionary).
Version 1 is the format of every link given out so far: it must open the same situation forever
(``tests/sandbox/share_links_v1.json`` holds links made before the sandbox moved to Django forms).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib

SHARE_VERSION = "1"
MAX_CODE_LENGTH = 12_000
MAX_JSON_BYTES = 64 * 1024


class ShareCodeError(Exception):
    """A share code that cannot be read; ``message`` is French."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def canonical_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def scenario_hash(data: dict) -> str:
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


# A preset dictionary for deflate: the words every situation repeats, so short links stay short.
# It is part of version 1 of the link format: NEVER change it; a new dictionary needs a new version.
SHARE_DICTIONARY_V1 = (
    '"kind":"replacement","event":"die","applies_to":"self","produce":["heal","exhaust","recall",'
    '"destroy_source"],"kind":"triggered","when":"became_mighty","then":"kind":"activated",'
    '"kind":"grant_keywords","keywords":["Bouclier","Chasse","Gank","Protection"],"kind":"remove_keywords",'
    '"kind":"copy","of":"kind":"set_controller","kind":"add_tag","tag":"kind":"increase_by_power_of",'
    '"kind":"decrease_floored","min":"kind":"increase_capped","max":"oneshot":true,"kind":"decrease",'
    '"condition":{"level":"mighty":true},"starts":"later","duration":"turn","duration":"combat",'
    '"type":"gear","attached_to":"defending":true,"exhausted":true,"zone":"base","team":"xp":'
    '{"do":"resolve","label":"Sort","steps":[{"do":"kill","objects":["u1","u2"]},{"do":"start","effect":"e1"},'
    '{"do":"end_turn"},{"do":"end_combat"},{"do":"gain_xp","player":"p1","amount":1},{"do":"spend_xp",'
    '{"do":"buff","object":"u1"},{"do":"swap","objects":["u1","u2"],"duration":"turn"},{"do":"double",'
    '"choices":[{"order":["e1","e2"]},{"effect":"e1","accept":false}],'
    '"title":"Ma situation","description":"Situation construite dans le bac à sable de RiftPal.",'
    '"topic":"couches","players":[{"id":"p1","name":"Joueuse A"},{"id":"p2","name":"Joueur B"}],'
    '"objects":[{"id":"u1","name":"Unité A","printed_power":4,"zone":"battlefield","controller":"p1"},'
    '{"id":"u2","name":"Unité B","printed_power":'
    '"effects":[{"id":"e1","label":"Augmentation","kind":"increase","value":2,"source":"u1","target":"u1",'
    '"since":1},{"id":"e2","label":"Fixer la puissance","kind":"set_power","value":'
    '"kind":"increase_up_to","value":5,"target":"source","since":2},{"id":"e3","label":"'
    '"actions":[{"do":"query","ask":"power","object":"u1"}]'
).encode()


def encode(data: dict) -> str:
    """« 1. » + base64url(zlib(compact JSON), with the version-1 dictionary), without padding.

    The zlib wrapper costs 6 bytes and carries a checksum, so a modified link is detected.
    """
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, zdict=SHARE_DICTIONARY_V1)
    packed = compressor.compress(canonical_json(data).encode("utf-8")) + compressor.flush()
    return SHARE_VERSION + "." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> dict:
    """The scenario dict of a share code; ShareCodeError (French) for anything unreadable.

    Decompression is bounded, so a small code cannot expand into a huge text (zlib bomb).
    """
    if not isinstance(code, str) or not code.strip():
        raise ShareCodeError("Le lien de partage est vide.")
    code = code.strip()
    if len(code) > MAX_CODE_LENGTH:
        raise ShareCodeError(
            f"Le lien de partage est trop long ({len(code)} caractères ; {MAX_CODE_LENGTH} au maximum)."
        )
    version, dot, body = code.partition(".")
    if not dot:
        raise ShareCodeError("Ce lien de partage est illisible : il ne commence pas par un numéro de version.")
    if version != SHARE_VERSION:
        if version.isdigit() and int(version) > int(SHARE_VERSION):
            raise ShareCodeError(
                f"Ce lien vient d'une version plus récente du bac à sable (version {version[:6]}) "
                "que ce site ne sait pas encore lire."
            )
        raise ShareCodeError(f"Version de lien inconnue « {version[:10]} » : ce lien ne peut pas être ouvert.")
    if not re.fullmatch(r"[A-Za-z0-9_-]+", body):
        raise ShareCodeError(
            "Ce lien de partage contient des caractères inattendus : il a sans doute été modifié ou coupé."
        )
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError("Ce lien de partage est incomplet ou modifié : il ne peut pas être décodé.") from None
    decompressor = zlib.decompressobj(15, zdict=SHARE_DICTIONARY_V1)
    try:
        text = decompressor.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise ShareCodeError("Ce lien de partage est incomplet ou modifié : son contenu est illisible.") from None
    if len(text) > MAX_JSON_BYTES or decompressor.unconsumed_tail:
        raise ShareCodeError("Ce lien de partage décrit une situation trop grande.")
    if not decompressor.eof:
        raise ShareCodeError("Ce lien de partage est coupé : il manque la fin. Copiez-le en entier.")
    if decompressor.unused_data:
        raise ShareCodeError("Ce lien de partage est modifié : il contient des caractères en trop.")
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ShareCodeError("Ce lien de partage est modifié : son contenu n'est pas une situation.") from None
    if not isinstance(data, dict):
        raise ShareCodeError("Ce lien de partage est modifié : son contenu n'est pas une situation.")
    return data
