"""Reading the index's files through memory maps, without copying them.

Whoosh reads a compound segment through ``BufferFile``, which copies every
file it opens into a ``BytesIO``: with the cards in the index that is some
60 MB of postings and terms in every process. Plain files, read with
``open()``, cost a system call for every seek instead (a query fifty times
slower). Here each file of a (non-compound) segment is mapped and read
straight from the map: the kernel pages in what a query touches, shared by
every process that serves the same index, and nothing is copied.
"""

from __future__ import annotations

import io
import mmap
import os

from whoosh.filedb.filestore import FileStorage
from whoosh.filedb.structfile import BufferFile, StructFile


class MappedFile(BufferFile):
    """A read-only file over a memory map (sequential reads, seeks and random
    ``get`` all served from the map; mmap slices are copies of what is read only)."""

    def __init__(self, mapped: mmap.mmap, name: str | None = None):
        self._buf = mapped
        self._name = name
        self.file = mapped
        self.onclose = None
        self.is_real = False
        self.is_closed = False

    def close(self) -> None:
        if not self.is_closed:
            self.is_closed = True
            self.file.close()


class MappedStorage(FileStorage):
    """A read-only :class:`FileStorage` whose files open as :class:`MappedFile`."""

    def __init__(self, path: str):
        super().__init__(path, supports_mmap=True, readonly=True)

    def open_file(self, name: str, **kwargs) -> StructFile:
        with open(self._fpath(name), "rb") as fh:
            if os.fstat(fh.fileno()).st_size == 0:
                return StructFile(io.BytesIO(b""), name=name)
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        return MappedFile(mapped, name=name)
