#ifndef KNOBS_CSYSTEM_H
#define KNOBS_CSYSTEM_H

/* Swaps the files at two paths in one step (renameat2 with RENAME_EXCHANGE).
   Returns 0, or -1 with errno set; EINVAL or ENOSYS where the file system or
   kernel can't. */
int knobs_exchange_paths(const char *first, const char *second);

/* Gives the C library's free memory back to the system (malloc_trim): the
   pages of allocations a start made and freed stay resident otherwise. */
void knobs_return_free_memory(void);

#endif
