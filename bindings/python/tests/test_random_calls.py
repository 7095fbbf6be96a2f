"""Random calls with random arguments through the raw C ABI: every call must return a status and
the process must survive (a Swift trap would kill it). Deterministic (fixed seed) and bounded."""
import ctypes
import math
import random

import gesturekit as gk
from gesturekit._session import session_of
from gesturekit import _lib
from gesturekit._lib import lib

ODD_DOUBLES = [0.0, -0.0, 1.0, -1.0, 1e-300, 1e300, -1e300, math.inf, -math.inf, math.nan, 45.0, 150.0, 2**63]
ODD_INTS = [0, 1, -1, 2, 64, 65, 2**31 - 1, -2**31, 2**62, -2**63, 2**63 - 1]


def rnd_double(r):
    return r.choice(ODD_DOUBLES) if r.random() < 0.3 else r.uniform(-50, 500)


def test_random_calls_never_crash_the_process():
    r = random.Random(1234)
    engine = gk.Engine(400, 800)
    e = session_of(engine).ptr   # the C handle, for calls the binding would refuse
    views = [engine.root.handle, 0, 0xFFFFFFFFFFFFFFFF, 12345]
    recs = [0, 0xDEADBEEF]
    t = 0.0
    out_u64 = ctypes.c_uint64()
    for _ in range(20000):
        op = r.randrange(12)
        if op == 0:
            rect = _lib.Rect(rnd_double(r), rnd_double(r), abs(rnd_double(r)), abs(rnd_double(r)))
            if lib.gk_view_create(e, r.choice(views), ctypes.byref(rect), ctypes.byref(out_u64)) == 0:
                views.append(out_u64.value)
        elif op == 1:
            kind = r.choice([0, 2, 5, 99, -1])
            if lib.gk_recognizer_create(e, kind, ctypes.byref(out_u64)) == 0:
                recs.append(out_u64.value)
        elif op == 2:
            lib.gk_recognizer_attach(e, r.choice(recs), r.choice(views))
        elif op == 3:
            prop = r.choice([1, 2, 3, 4, 5, 100, 101, 102, 103, 104, 105, 200, 201, 202, 203, 204, 205, 7, -3])
            which = r.randrange(3)
            if which == 0:
                lib.gk_recognizer_set_int(e, r.choice(recs), prop, r.choice(ODD_INTS))
            elif which == 1:
                lib.gk_recognizer_set_double(e, r.choice(recs), prop, rnd_double(r))
            else:
                lib.gk_recognizer_set_bool(e, r.choice(recs), prop, r.random() < 0.5)
        elif op in (4, 5, 6):
            n = r.randrange(0, 6)
            arr = (_lib.TouchStruct * max(1, n))()
            for i in range(n):
                arr[i] = _lib.TouchStruct(r.randrange(-2, 6), r.choice([0, 1, 1, 2, 3, 4, 9]), r.choice([0, 1, 2, 7]),
                                          rnd_double(r), rnd_double(r))
            t += r.choice([0.0, 0.01, 0.05, 0.3, -0.1, math.nan])
            lib.gk_engine_feed(e, t, arr, n)
        elif op == 7:
            t += r.choice([0.0, 0.2, 1.0, -1.0])
            lib.gk_engine_advance(e, t)
        elif op == 8:
            lib.gk_recognizer_require_failure_of(e, r.choice(recs), r.choice(recs))
        elif op == 9:
            p = _lib.Point()
            lib.gk_recognizer_location_of_touch(e, r.choice(recs), r.choice([0, 1, 5, 2**32 - 1]), r.choice(views),
                                                ctypes.byref(p))
            lib.gk_pan_set_translation(e, r.choice(recs), _lib.Point(rnd_double(r), rnd_double(r)), r.choice(views))
        elif op == 10:
            which = r.randrange(4)
            if which == 0:
                lib.gk_view_destroy(e, r.choice(views))
            elif which == 1:
                lib.gk_recognizer_destroy(e, r.choice(recs))
            elif which == 2:
                lib.gk_recognizer_detach(e, r.choice(recs))
            else:
                lib.gk_view_set_parent(e, r.choice(views), r.choice(views))
        else:
            a = _lib.ActionStruct()
            d = _lib.DeliveryStruct()
            lib.gk_engine_poll_action(e, ctypes.byref(a), r.choice([0, 8, ctypes.sizeof(a)]))
            lib.gk_engine_poll_delivery(e, ctypes.byref(d), ctypes.sizeof(d))
            tr = _lib.Transform(rnd_double(r), 0, 0, rnd_double(r), rnd_double(r), 0)
            lib.gk_view_set_transform(e, r.choice(views), ctypes.byref(tr))
    stats = engine.stats()
    assert stats["views"] >= 1
    engine.close()


def test_deep_view_nesting_is_bounded():
    engine = gk.Engine(400, 800)
    v = engine.root
    depth = 0
    try:
        while True:
            v = v.add_view((0, 0, 400, 800))
            depth += 1
    except gk.GestureKitError as err:
        assert err.status == gk.Status.CAPACITY
    assert depth == 256
    assert engine.hit_test(10, 10) == v
    engine.close()
