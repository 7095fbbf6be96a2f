"""Where the binding looks for libgesturekit.so.0, and what it says when it cannot find it."""
from __future__ import annotations

import os

import pytest

import gesturekit as gk
from gesturekit import _loader


def test_missing_library_error_names_each_place_tried_and_what_to_set(tmp_path):
    with pytest.raises(gk.LibraryNotFoundError) as caught:
        _loader.load(environ={}, package_dir=tmp_path, system_name="libgesturekit-absent-for-test.so.0")
    text = str(caught.value)
    assert "$GESTUREKIT_LIBRARY: not set" in text
    assert str(tmp_path / "libgesturekit.so.0") + ": not there" in text
    assert "libgesturekit-absent-for-test.so.0 on the system's library path" in text
    assert "GESTUREKIT_LIBRARY=/path/to/" in text
    # The fix names what exists: the project's packages and wheel, which no archive has (issue 69).
    assert "sudo apt install ./build/packages/libgesturekit0_*.deb" in text and "scripts/package.sh" in text
    assert "pip install build/wheels/gesturekit-" in text and "apt install libgesturekit0 " not in text
    assert isinstance(caught.value, ImportError)


def test_a_library_named_by_the_environment_that_fails_is_an_error_not_a_fall_back(tmp_path):
    os.symlink(gk.library_path(), tmp_path / "libgesturekit.so.0")   # a good copy it must not use
    wrong = tmp_path / "missing" / "libgesturekit.so.0"
    with pytest.raises(gk.LibraryNotFoundError) as caught:
        _loader.load(environ={"GESTUREKIT_LIBRARY": str(wrong)}, package_dir=tmp_path)
    assert f"GESTUREKIT_LIBRARY={wrong} cannot be loaded" in str(caught.value)


def test_the_copy_inside_the_package_comes_before_the_system(tmp_path):
    os.symlink(gk.library_path(), tmp_path / "libgesturekit.so.0")
    library, path = _loader.load(environ={}, package_dir=tmp_path, system_name="libgesturekit-absent-for-test.so.0")
    assert path == str(tmp_path / "libgesturekit.so.0")
    assert library.gk_version() > 0


def test_the_loaded_library_is_a_file_that_exists():
    assert os.path.isfile(gk.library_path())
