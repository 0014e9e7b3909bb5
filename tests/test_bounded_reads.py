"""Every read of something a user points at stops at its limit: a huge file, a device, a folder,
a pipe with nobody writing, an endless stream; each is one line in words, never a hang."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from scorer.files import InputError, TableFileError, load_table, read_limited

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "examples" / "girasoles" / "full_table.json"
HANG_GUARD = 30
"""Seconds after which a subprocess counts as hung: a guard, not a speed measurement."""


class Endless(io.RawIOBase):
    """A stream that never ends (like /dev/zero) and counts what was taken from it."""

    def __init__(self) -> None:
        self.taken = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b"0" * len(buffer)
        self.taken += len(buffer)
        return len(buffer)


def refusal(source, limit=10, **options) -> str:
    with pytest.raises(InputError) as refused:
        read_limited(source, limit, what="a test file", **options)
    message = str(refused.value)
    assert "\n" not in message
    return message


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"0123456789")
    assert read_limited(path, 10, what="a test file") == b"0123456789"
    assert read_limited(str(path), 10, what="a test file") == b"0123456789"
    path.write_bytes(b"0123456789A")
    assert refusal(path) == f"{path}: 11 bytes; a test file is at most 10 bytes"


def test_an_endless_stream_is_read_one_byte_past_the_limit_and_no_further():
    stream = Endless()
    assert refusal(io.BufferedReader(stream, buffer_size=4), limit=1000) == (
        "the upload: more than 1 kB; a test file is at most 1 kB")
    assert stream.taken <= 1001 + 4  # the limit, one byte more, and what one buffer fill took


def test_an_upload_in_memory_is_read_within_the_limit():
    upload = io.BytesIO(b"abc")
    upload.name = "photo.jpg"
    assert read_limited(upload, 3, what="a photo") == b"abc"
    too_big = io.BytesIO(b"abcd")
    too_big.name = "photo.jpg"
    assert refusal(too_big, limit=3) == "photo.jpg: more than 3 bytes; a test file is at most 3 bytes"


def test_a_device_a_folder_and_a_missing_file_are_refused_in_words(tmp_path):
    assert refusal("/dev/zero") == "/dev/zero: a device, not a file; give the path of a test file"
    assert refusal(tmp_path) == f"{tmp_path}: a folder, not a file; give the path of a test file"
    missing = tmp_path / "nope.json"
    assert refusal(missing) == f"{missing}: no such file; check the path"


def test_a_fifo_with_no_writer_is_refused_without_waiting_for_the_timeout(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert refusal(fifo, timeout=HANG_GUARD) == (
        f"{fifo}: no program is writing to this pipe; start the program that writes a test file "
        "into it, or give a file")


def test_a_fifo_is_read_to_its_end_when_a_program_writes_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"hello"))  # opens, then waits
    writer.start()
    try:
        assert read_limited(fifo, 10, what="a test file", timeout=HANG_GUARD) == b"hello"
    finally:
        writer.join(HANG_GUARD)


def test_a_pipe_whose_writer_stays_silent_times_out_in_words():
    reading, writing = os.pipe()
    try:
        with open(reading, "rb", buffering=0) as pipe:
            pipe_name = refusal(pipe, timeout=0.2)
    finally:
        os.close(writing)
    assert pipe_name.endswith(": nothing more came within 0.2 seconds; give a test file as a "
                              "file, or make the program that writes it finish sooner")


def test_a_pipe_is_read_in_pieces_until_its_writer_closes_it():
    reading, writing = os.pipe()

    def write_slowly() -> None:
        for piece in (b"ab", b"cd", b"e"):
            os.write(writing, piece)
        os.close(writing)

    writer = threading.Thread(target=write_slowly)
    writer.start()
    with open(reading, "rb", buffering=0) as pipe:
        assert read_limited(pipe, 5, what="a test file", timeout=HANG_GUARD) == b"abcde"
    writer.join(HANG_GUARD)


def test_load_table_reads_an_open_file_and_names_bad_text_by_its_byte(tmp_path):
    with TABLE.open("rb") as opened:
        assert load_table(opened).game == "girasoles"
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"game": "girasoles", "players": [{"name": "Jos\xe9"}]}')
    with pytest.raises(TableFileError) as refused:
        load_table(latin)
    assert str(refused.value) == (f"{latin}: not UTF-8 text at byte 48 (a table file is JSON "
                                  "text); save it as UTF-8")


def scorepad(*args: str, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorer", "score", *args], stdin=stdin,
                          capture_output=True, text=True, timeout=HANG_GUARD, cwd=ROOT)


@pytest.fixture
def three_megabytes(tmp_path) -> Path:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 3_000_000)
    return path


@pytest.mark.parametrize("kind", ["device", "fifo", "3 MB file", "3 MB on standard input",
                                  "folder"])
def test_the_command_ends_with_one_line_and_exit_2(kind, tmp_path, three_megabytes):
    if kind == "device":
        done, expected = scorepad("/dev/zero"), "/dev/zero: a device, not a file"
    elif kind == "fifo":
        os.mkfifo(tmp_path / "pipe")
        done = scorepad(str(tmp_path / "pipe"))
        expected = f"{tmp_path / 'pipe'}: no program is writing to this pipe"
    elif kind == "3 MB file":
        done = scorepad(str(three_megabytes))
        expected = f"{three_megabytes}: 3 MB; a table file is at most 2 MB"
    elif kind == "3 MB on standard input":
        with three_megabytes.open("rb") as given:
            done = scorepad("-", stdin=given)
        expected = "standard input: 3 MB; a table file is at most 2 MB"
    else:
        done, expected = scorepad(str(tmp_path)), f"{tmp_path}: a folder, not a file"
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"scorepad: {expected}")
    assert done.stderr.count("\n") == 1


def test_the_command_scores_a_table_piped_into_standard_input():
    piped = subprocess.run([sys.executable, "-m", "scorer", "score", "-", "--json"],
                           capture_output=True, timeout=HANG_GUARD, cwd=ROOT,
                           input=TABLE.read_bytes())
    assert piped.returncode == 0
    assert piped.stdout == scorepad(str(TABLE), "--json").stdout.encode()
