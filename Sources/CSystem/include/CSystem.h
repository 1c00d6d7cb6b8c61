#ifndef KNOBS_CSYSTEM_H
#define KNOBS_CSYSTEM_H

/* Swaps the files at two paths in one step (renameat2 with RENAME_EXCHANGE).
   Returns 0, or -1 with errno set; EINVAL or ENOSYS where the file system or
   kernel can't. */
int knobs_exchange_paths(const char *first, const char *second);

/* Gives the C library's free memory back to the system (malloc_trim): the
   pages of allocations a start made and freed stay resident otherwise. */
void knobs_return_free_memory(void);

/* Renames `from` to `to` only if nothing is at `to` (renameat2 with
   RENAME_NOREPLACE). Returns 0, or -1 with errno set (EEXIST when taken). */
int knobs_rename_no_replace(const char *from, const char *to);

/* Inflates raw deflate data (no zlib or gzip header, as a zip entry holds it)
   into `out`. Returns the bytes written; KNOBS_INFLATE_CORRUPT when the data is
   no deflate stream, KNOBS_INFLATE_TOO_LONG when it inflates to more than
   `out_capacity` bytes, KNOBS_INFLATE_CUT_SHORT when the stream ends early. */
#define KNOBS_INFLATE_CORRUPT (-1L)
#define KNOBS_INFLATE_TOO_LONG (-2L)
#define KNOBS_INFLATE_CUT_SHORT (-3L)
long knobs_inflate_raw(const unsigned char *in, unsigned long in_length, unsigned char *out,
                       unsigned long out_capacity);

/* The CRC-32 of `length` bytes (zlib's crc32, the one zip archives record). */
unsigned long knobs_crc32(const unsigned char *bytes, unsigned long length);

/* The first place the `needle_length` bytes of `needle` (at least one) occur in the
   `haystack_length` bytes of `haystack`, or NULL: glibc's memmem, which Swift's Glibc
   module does not declare. */
const unsigned char *knobs_find_bytes(const unsigned char *haystack, unsigned long haystack_length,
                                      const unsigned char *needle, unsigned long needle_length);

#endif
