"""The random-number generator Weka seeds from a data set.

Several Weka classifiers (``RandomTree``, ``RandomSubSpace``, ``RotationForest``) do not
seed ``java.util.Random`` with their ``-S`` option alone: ``Instances.
getRandomNumberGenerator(seed)`` picks a random instance, and reseeds with the hash
code of its text (``Instance.toString`` without the weight) plus the seed. To draw what
Weka draws we write that text as Weka does: numbers with
``Utils.doubleToString(value, 6)``, nominal values quoted by ``Utils.quote``, ``?``
for missing, the class value last.
"""

from __future__ import annotations

import math

import numpy as np

from ._java_random import JavaRandom

__all__ = [
    "SMALL",
    "JavaRandom",
    "double_to_string",
    "java_hash",
    "quote",
    "random_number_generator",
]

_LONG_MAX = float(2**63 - 1)
_BACKQUOTED = {"\\": "\\\\", "'": "\\'", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_BACKQUOTED |= {"%": "\\%", "\u001e": "\\u001E"}


def double_to_string(value: float, after_decimal_point: int = 6) -> str:
    """``Utils.doubleToString(value, afterDecimalPoint)``: rounded, trailing zeros cut.

    >>> double_to_string(3.0), double_to_string(-0.25), double_to_string(1.23456789)
    ('3', '-0.25', '1.234568')
    """
    temp = value * math.pow(10.0, after_decimal_point)
    if not abs(temp) < _LONG_MAX:
        return repr(float(value))  # Java's Double.toString; never met in data sets
    precision = int(temp + 0.5) if temp > 0 else -int(abs(temp) + 0.5)
    text = list(str(precision))
    if after_decimal_point == 0:
        return "".join(text)
    dot = len(text) - after_decimal_point
    while (precision < 0 and dot < 1) or dot < 0:
        text.insert(1 if precision < 0 else 0, "0")
        dot += 1
    text.insert(dot, ".")
    if precision < 0 and text[1] == ".":
        text.insert(1, "0")
    elif text[0] == ".":
        text.insert(0, "0")
    pos = len(text) - 1
    while pos > dot and text[pos] == "0":
        text[pos] = " "
        pos -= 1
    if text[pos] == ".":
        text[pos] = " "
    return "".join(text).strip()


#: Weka's ``Utils.SMALL``: the tolerance of its ``eq``, ``gr`` and ``grOrEq``.
SMALL = 1e-6


def quote(text: str) -> str:
    """``Utils.quote``: backslash-escape special characters and enclose in ``'`` when needed.

    Quotes are needed for spaces, commas, braces, ``?`` and the empty string.
    """
    escaped = any(c in text for c in _BACKQUOTED)
    if escaped:
        text = "".join(_BACKQUOTED.get(c, c) for c in text)
    if escaped or text in ("", "?") or any(c in text for c in "{}, "):
        text = f"'{text}'"
    return text


def java_hash(text: str) -> int:
    """``String.hashCode``: ``31 * h + c`` over UTF-16 code units, in 32-bit arithmetic.

    That is the sum of ``c[k] * 31**(n - 1 - k)`` modulo 2**32, computed here in
    unsigned 64-bit arithmetic, whose wrap-around keeps every value modulo 2**32.

    >>> java_hash(""), java_hash("a"), java_hash("hello"), java_hash("é,1.5,'a b'")
    (0, 97, 99162322, -848878892)
    """
    units = np.frombuffer(text.encode("utf-16-be"), dtype=">u2").astype(np.uint64)
    h = int((units * _powers_of_31(units.shape[0])).sum()) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def _powers_of_31(n: int) -> np.ndarray:
    """``31**(n - 1 - k)`` modulo 2**64 for ``k < n``."""
    global _POWERS
    if _POWERS.shape[0] < n:
        size = max(n, 2 * _POWERS.shape[0])
        _POWERS = np.ones(size, dtype=np.uint64)
        with np.errstate(over="ignore"):
            np.cumprod(np.full(size - 1, 31, dtype=np.uint64), out=_POWERS[1:])
    return _POWERS[n - 1 :: -1] if n else _POWERS[:0]


_POWERS = np.ones(0, dtype=np.uint64)


def instance_text(data, row: int) -> str:
    """``Instance.toString`` of row ``row`` of an encoded data set, without its weight.

    The attribute values in column order, then the class.
    """
    nominal, classes = _quoted_values(data)
    fields = []
    for value, values in zip(data.X[row].tolist(), nominal):
        if math.isnan(value):
            fields.append("?")
        elif values is not None:
            fields.append(values[int(value)])
        else:
            fields.append(double_to_string(value))
    fields.append(classes[data.y[row]])
    return ",".join(fields)


def _quoted_values(data) -> tuple[list, list[str]]:
    """Each column's quoted nominal values (None for a numeric one) and the class labels.

    Quoted once per data set: the members of an ensemble share it.
    """
    cached = data.memo.get("weka_quoted_values")
    if cached is None:
        categories = iter(data.codes.categories)
        nominal = [
            [quote(str(v)) for v in next(categories)] if is_nominal else None
            for is_nominal in data.codes.nominal_mask.tolist()
        ]
        cached = data.memo["weka_quoted_values"] = (
            nominal,
            [quote(str(label)) for label in data.classes],
        )
    return cached


def random_number_generator(seed: int, data, rows=None) -> JavaRandom:
    """``Instances.getRandomNumberGenerator(seed)`` for the instances ``rows`` of ``data``.

    ``data`` is an :class:`~ensemble_lab.encoding.EncodedData`; the instances
    are taken in the order of ``rows``, all rows when None.
    """
    random = JavaRandom(seed)
    n = data.n_samples if rows is None else len(rows)
    pick = random.next_int_below(n)
    row = pick if rows is None else int(rows[pick])
    random.set_seed(_instance_hash(data, row) + seed)
    return random


def _instance_hash(data, row: int) -> int:
    """``java_hash(instance_text(data, row))``, computed once per row of a data set.

    Every member tree of an ensemble hashes one row; with a few hundred rows and
    members, most rows recur, and the text and its hash cost more than a small tree.
    """
    hashes = data.memo.get("weka_instance_hash")
    if hashes is None:
        hashes = data.memo["weka_instance_hash"] = {}
    value = hashes.get(row)
    if value is None:
        value = hashes[row] = java_hash(instance_text(data, row))
    return value
