#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <zlib.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int knobs_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

void knobs_return_free_memory(void) {
  malloc_trim(0);
}

int knobs_rename_no_replace(const char *from, const char *to) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

long knobs_inflate_raw(const unsigned char *in, unsigned long in_length, unsigned char *out,
                       unsigned long out_capacity) {
  z_stream stream = {0};
  if (inflateInit2(&stream, -15) != Z_OK) return KNOBS_INFLATE_CORRUPT;
  unsigned char spare;
  stream.next_in = (Bytef *)in;
  stream.avail_in = (uInt)in_length;
  stream.next_out = out_capacity ? out : &spare;
  stream.avail_out = (uInt)out_capacity;
  long result;
  int status = inflate(&stream, Z_FINISH);
  if (status == Z_STREAM_END) {
    result = (long)stream.total_out;
  } else if (status == Z_BUF_ERROR && stream.avail_out == 0) {
    /* Out of room: one more byte tells a stream that ends here from a longer one. */
    stream.next_out = &spare;
    stream.avail_out = 1;
    status = inflate(&stream, Z_FINISH);
    result = status == Z_STREAM_END && stream.avail_out == 1 ? (long)stream.total_out
             : (status == Z_DATA_ERROR ? KNOBS_INFLATE_CORRUPT
                : (stream.avail_out == 0 ? KNOBS_INFLATE_TOO_LONG : KNOBS_INFLATE_CUT_SHORT));
  } else if (status == Z_BUF_ERROR) {
    result = KNOBS_INFLATE_CUT_SHORT;
  } else {
    result = KNOBS_INFLATE_CORRUPT;
  }
  inflateEnd(&stream);
  return result;
}

unsigned long knobs_crc32(const unsigned char *bytes, unsigned long length) {
  return crc32(crc32(0L, Z_NULL, 0), bytes, (uInt)length);
}

const unsigned char *knobs_find_bytes(const unsigned char *haystack, unsigned long haystack_length,
                                      const unsigned char *needle, unsigned long needle_length) {
  return memmem(haystack, haystack_length, needle, needle_length);
}
