"""Expectation matching for the conformance runner (section 8 of the gk-acceptance/1 format):
times, numbers, points and values within the scenario's tolerances, log entries, ordered and
unordered lists of them, and `check`, which decides one expectation against a played `Run`'s logs.
"""
from __future__ import annotations

import math


class Unsupported(Exception):
    """The scenario needs a capability the engine or this adapter lacks."""


def time_ok(spec, t, tol):
    if isinstance(spec, (int, float)):
        return abs(t - spec) <= tol
    ok = True
    if "ge" in spec: ok &= t >= spec["ge"] - tol
    if "le" in spec: ok &= t <= spec["le"] + tol
    if "gt" in spec: ok &= t > spec["gt"] + tol
    if "lt" in spec: ok &= t < spec["lt"] - tol
    return ok


def num_ok(spec, x, tol):
    if isinstance(spec, dict):
        if "approx" in spec:
            return abs(x - spec["approx"]) <= spec["tol"]
        return time_ok(spec, x, tol)
    return abs(x - spec) <= tol


def point_ok(spec, p, tol):
    if isinstance(spec, dict) and "approx" in spec:
        return all(abs(a - b) <= spec["tol"] for a, b in zip(p, spec["approx"]))
    return all(num_ok(s, v, tol) for s, v in zip(spec, p))


def values_ok(spec, got, tol):
    for key, want in spec.items():
        if key == "number_of_touches":
            if got.get(key) != want:
                return False
        elif key in ("location_in", "translation_in"):
            for vname, p in want.items():
                if vname not in got.get(key, {}) or not point_ok(p, got[key][vname], tol["point"]):
                    return False
        elif key == "velocity_in":
            for vname, p in want.items():
                if vname not in got.get(key, {}):
                    return False
                if isinstance(p, dict):
                    if not point_ok(p, got[key][vname], 0):
                        return False
                    continue
                length = math.hypot(*[x if isinstance(x, (int, float)) else 0 for x in p])
                vt = max(tol["velocity_relative"] * length, tol["velocity_floor"])
                if not point_ok(p, got[key][vname], vt):
                    return False
        elif key in ("scale", "rotation"):
            if key not in got or not num_ok(want, got[key], tol[key]):
                return False
        elif key == "velocity":
            if key not in got:
                return False
            if isinstance(want, dict):
                if not num_ok(want, got[key], 0):
                    return False
            elif not num_ok(want, got[key], max(tol["velocity_relative"] * abs(want), tol["velocity_floor"])):
                return False
        elif key == "location_of_touches_in":
            for vname, pts in want.items():
                have = list(got.get(key, {}).get(vname, []))
                if len(have) != len(pts):
                    return False
                for p in pts:
                    match = next((h for h in have if point_ok(p, h, tol["point"])), None)
                    if match is None:
                        return False
                    have.remove(match)
        else:
            raise Unsupported(f"value '{key}'")
    return True


def entry_ok(item, entry, tol):
    for key, want in item.items():
        if key == "t":
            if not time_ok(want, entry["t"], tol["time"]):
                return False
        elif key == "values":
            if not values_ok(want, entry["values"], tol):
                return False
        elif entry.get(key) != want:
            return False
    return True


def match_list(items, entries, mode, tol):
    if mode == "none":
        return not any(entry_ok(i, e, tol) for i in items for e in entries)
    if mode == "exact" and len(items) != len(entries):
        return False
    # Ordered pairing with the same-time swap allowance: greedy search with backtracking.
    def search(ii, used, last):
        if ii == len(items):
            return True
        for ei, e in enumerate(entries):
            if ei in used:
                continue
            if mode == "exact" and ei < last and abs(entries[last]["t"] - e["t"]) > tol["time"]:
                continue
            if mode == "contains" and ei < last and abs(entries[last]["t"] - e["t"]) > tol["time"]:
                continue
            if entry_ok(items[ii], e, tol) and search(ii + 1, used | {ei}, max(last, ei)):
                return True
        return False
    return search(0, frozenset(), 0)


def check(run, idx, e, tol):
    typ = e["type"]
    kinds = {"actions": ("action", "recognizer"), "states": ("state", "recognizer"),
             "deliveries": ("delivery", "view"), "callbacks": ("callback", "recognizer")}
    if typ in kinds:
        kind, subject = kinds[typ]
        entries = [x for x in run.log if x["kind"] == kind and x[subject] == e[subject]]
        return match_list(e["items"], entries, e["match"], tol)
    if typ == "state_at":
        return run.readings.get(idx) == e["state"]
    if typ == "values_at":
        got = run.readings.get(idx)
        return got is not None and values_ok(e["values"], got, tol)
    if typ == "calls":
        calls = [x for x in run.log if x["kind"] == "call" and x["recognizer"] == e["recognizer"]
                 and x["hook"] == e["hook"] and ("other" not in e or x.get("other") == e["other"])]
        n = len(calls)
        count_ok = {"never": n == 0, "exactly_once": n == 1, "at_least_once": n >= 1}[e["count"]]
        if "t" in e and not all(time_ok(e["t"], x["t"], tol["time"]) for x in calls):
            return False
        return count_ok
    if typ == "order":
        pos = -1
        for ref in e["events"]:
            ref = dict(ref)
            kind = ref.pop("kind")
            if kind in ("call", "callback"):
                raise Unsupported("call/callback logs (issue 4)")
            found = next((i for i, x in enumerate(run.log) if x["kind"] == kind and entry_ok(ref, x, tol)), None)
            if found is None or found <= pos:
                return False
            pos = found
        return True
    if typ == "any_of":
        return any(all(check(run, None, sub, tol) for sub in alt) for alt in e["alternatives"])
    raise Unsupported(f"expectation type '{typ}'")
